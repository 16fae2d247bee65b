import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { shorten } from "../src/lib/format";
import { INVITE_QR_DELAY_MS, INVITE_QR_OPTIONS } from "../src/lib/inviteQr";
import { inviteLink } from "../src/lib/inviteLink";

const account = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

describe("the invite link", () => {
  it("has the spec's shape", () => {
    expect(inviteLink("https://dwn.example", account)).toBe(`https://dwn.example/chain/#/home?address=${account}`);
  });

  it("does not double the slash after an origin that ends with one", () => {
    expect(inviteLink("http://127.0.0.1:8080/", account)).toBe(`http://127.0.0.1:8080/chain/#/home?address=${account}`);
  });

  it("is shown shortened to 12 … 12", () => {
    const link = inviteLink("http://127.0.0.1:8080", account);
    expect(shorten(link, 12)).toBe("http://127.0…71A00a2C6A65");
  });
});

describe("the invite QR code", () => {
  const link = inviteLink("http://127.0.0.1:8080", account);

  it("encodes exactly the invite link, with low error correction", () => {
    const symbol = QRCode.create(link, { errorCorrectionLevel: INVITE_QR_OPTIONS.errorCorrectionLevel });
    // The encoder splits the text into byte, alphanumeric and numeric runs; joined back, they
    // must be the link, character for character.
    const text = symbol.segments
      .map(({ data }) => (typeof data === "string" ? data : new TextDecoder().decode(data)))
      .join("");
    expect(text).toBe(link);
    expect(symbol.errorCorrectionLevel.bit).toBe(
      QRCode.create("x", { errorCorrectionLevel: "L" }).errorCorrectionLevel.bit,
    );
    // A different link gives a different symbol.
    const other = QRCode.create(inviteLink("http://127.0.0.1:8080", account.toLowerCase()), {
      errorCorrectionLevel: "L",
    });
    expect(Buffer.from(other.modules.data).equals(Buffer.from(symbol.modules.data))).toBe(false);
  });

  it("is drawn 112 px wide, #333333 on white, 200 ms after mount", async () => {
    const svg = await QRCode.toString(link, { ...INVITE_QR_OPTIONS, type: "svg" });
    expect(svg).toContain('width="112"');
    expect(svg).toContain('stroke="#333333"');
    expect(svg).toContain('fill="#ffffff"');
    expect(INVITE_QR_DELAY_MS).toBe(200);
  });
});
