import { describe, expect, it } from "vitest";
import { formatAmount, formatCompact, formatTime, shorten } from "../src/lib/format";

const e18 = 10n ** 18n;

describe("formatAmount", () => {
  it("keeps 4 decimals and trims trailing zeros", () => {
    expect(formatAmount(123_456_789_000_000_000_000n)).toBe("123.4567");
    expect(formatAmount(1_500_000_000_000_000_000n)).toBe("1.5");
    expect(formatAmount(100n * e18)).toBe("100");
    expect(formatAmount(0n)).toBe("0");
  });
  it("cuts instead of rounding up, so 0.99999 is not shown as 1", () => {
    expect(formatAmount(999_990_000_000_000_000n)).toBe("0.9999");
    expect(formatAmount(99_999_999_999_999n)).toBe("0");
  });
  it("is exact far beyond a float's 53 bits", () => {
    expect(formatAmount(2n ** 255n)).toBe("57896044618658097711785492504343953926634992332820282019728.792");
  });
  it("takes other decimals and places, and negative values", () => {
    expect(formatAmount(12_345n, { decimals: 4 })).toBe("1.2345");
    expect(formatAmount(12_345n, { decimals: 4, places: 2 })).toBe("1.23");
    expect(formatAmount(-1_234_567n * 10n ** 12n)).toBe("-1.2345");
    expect(formatAmount(-1n)).toBe("0");
  });
});

describe("formatCompact", () => {
  it("uses K, M, B, T, AA and AB with 2 decimals, cut not rounded", () => {
    expect(formatCompact(999n * e18)).toBe("999");
    expect(formatCompact(1_000n * e18)).toBe("1.00K");
    expect(formatCompact(1_239_999n * e18)).toBe("1.23M");
    expect(formatCompact(5n * 10n ** 9n * e18)).toBe("5.00B");
    expect(formatCompact(7_770n * 10n ** 9n * e18)).toBe("7.77T");
    expect(formatCompact(10n ** 15n * e18)).toBe("1.00AA");
    expect(formatCompact(123n * 10n ** 18n * e18)).toBe("123.00AB");
    expect(formatCompact(-2_500n * e18)).toBe("-2.50K");
  });
  it("shows small amounts with 4 decimals", () => {
    expect(formatCompact(12_345_600_000_000_000_000n)).toBe("12.3456");
  });
});

describe("formatTime", () => {
  it("is YYYY-MM-DD hh:mm:ss in local time", () => {
    const t = new Date(2026, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(formatTime(t)).toBe("2026-01-02 03:04:05");
    expect(formatTime(BigInt(t))).toBe("2026-01-02 03:04:05");
  });
});

describe("shorten", () => {
  const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  it("keeps the first and last N characters", () => {
    expect(shorten(address, 6)).toBe("0x7099…dc79C8");
    expect(shorten(address, 9)).toBe("0x7099797…d17dc79C8");
    expect(shorten(address, 12)).toBe("0x70997970C5…0e0d17dc79C8");
  });
  it("leaves text no longer than 2N + 1 as it is", () => {
    expect(shorten("abcdefghijklm", 6)).toBe("abcdefghijklm");
    expect(shorten("abcdefghijklmn", 6)).toBe("abcdef…ijklmn");
  });
});
