import { describe, expect, it } from "vitest";
import { formatAmount, formatCompact, formatTime, shorten } from "../src/lib/format";

const e18 = 10n ** 18n;

describe("formatAmount", () => {
  it("keeps 4 decimals and trims trailing zeros", () => {
    expect(formatAmount(123_456_700_000_000_000_000n)).toBe("123.4567");
    expect(formatAmount(1_500_000_000_000_000_000n)).toBe("1.5");
    expect(formatAmount(100n * e18)).toBe("100");
    expect(formatAmount(0n)).toBe("0");
  });
  it("rounds half up to 4 decimals, so 2.9999…, a reward paid by the second, shows as 3", () => {
    expect(formatAmount(2_999_999_999_999_999_999n)).toBe("3");
    expect(formatAmount(123_456_789_000_000_000_000n)).toBe("123.4568");
    expect(formatAmount(999_950_000_000_000_000n)).toBe("1");
    expect(formatAmount(999_949_999_999_999_999n)).toBe("0.9999");
    expect(formatAmount(50_000_000_000_000n)).toBe("0.0001");
    expect(formatAmount(49_999_999_999_999n)).toBe("0");
  });
  it("cuts instead when asked, for what the user is about to receive", () => {
    expect(formatAmount(2_999_999_999_999_999_999n, { cut: true })).toBe("2.9999");
    expect(formatAmount(99_999_999_999_999n, { cut: true })).toBe("0");
    expect(formatAmount(3_225_182_699_999_999_999_999n, { cut: true })).toBe("3,225.1826");
  });
  it("groups the whole part in thousands", () => {
    expect(formatAmount(3_125n * e18)).toBe("3,125");
    expect(formatAmount(999n * e18)).toBe("999");
    expect(formatAmount(1_234_567_890n * e18 + 5n * 10n ** 17n)).toBe("1,234,567,890.5");
    expect(formatAmount(999_999_999_960_000_000_000n)).toBe("1,000");
  });
  it("is exact far beyond a float's 53 bits", () => {
    expect(formatAmount(2n ** 255n)).toBe(
      "57,896,044,618,658,097,711,785,492,504,343,953,926,634,992,332,820,282,019,728.792",
    );
  });
  it("takes other decimals and places, and negative values", () => {
    expect(formatAmount(12_345n, { decimals: 4 })).toBe("1.2345");
    expect(formatAmount(12_345n, { decimals: 4, places: 2 })).toBe("1.23");
    expect(formatAmount(12_355n, { decimals: 4, places: 2 })).toBe("1.24");
    expect(formatAmount(-1_234_567n * 10n ** 12n)).toBe("-1.2346");
    expect(formatAmount(-1n)).toBe("0");
  });
});

describe("formatCompact", () => {
  it("uses K, M, B, T, AA and AB with 2 decimals, rounded half up", () => {
    expect(formatCompact(999n * e18)).toBe("999");
    expect(formatCompact(1_000n * e18)).toBe("1.00K");
    expect(formatCompact(1_239_999n * e18)).toBe("1.24M");
    expect(formatCompact(1_234_999n * e18)).toBe("1.23M");
    expect(formatCompact(5n * 10n ** 9n * e18)).toBe("5.00B");
    expect(formatCompact(7_770n * 10n ** 9n * e18)).toBe("7.77T");
    expect(formatCompact(10n ** 15n * e18)).toBe("1.00AA");
    expect(formatCompact(123n * 10n ** 18n * e18)).toBe("123.00AB");
    expect(formatCompact(-2_500n * e18)).toBe("-2.50K");
  });
  it("keeps the suffix of the value, moving up only when rounding reaches 1000", () => {
    expect(formatCompact(999_994n * e18)).toBe("999.99K");
    expect(formatCompact(999_996n * e18)).toBe("1.00M");
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
