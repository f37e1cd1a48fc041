import { assertEquals, assertOk } from "../testing/assert.ts";
import { pdfQrText, pdfText } from "../testing/pdf.ts";
import { longDate, renderLetterPdf } from "./letter-pdf.ts";

const input = {
  fullName: "Zoë Núñez 李",
  memberNumber: null,
  coverageFrom: "2026-01-15",
  coverageTo: null,
  issuedAt: new Date("2026-06-16T01:30:00Z"),
  issuedOn: "2026-06-15", // 9:30 pm in New York
  verifyUrl: "https://apca.example/verify/a.b.c",
  publicUrl: "https://apca.example",
};

Deno.test("letter PDF: any name prints, and a missing member number or expiry is said in words", async () => {
  const bytes = await renderLetterPdf(input);
  const text = (await pdfText(bytes)).join("\n");
  assertOk(text.includes("Zoë Núñez ?"), "Latin-1 letters kept; others replaced, never a failure");
  assertOk(text.includes("Not assigned") && text.includes("No expiry date"));
  assertOk(text.includes("Issued June 15, 2026"));
  assertEquals(await pdfQrText(bytes), input.verifyUrl);
});

Deno.test("letter PDF: dates are the calendar dates given, whatever the machine's time zone", () => {
  assertEquals(longDate("2027-01-01"), "January 1, 2027");
  assertEquals(longDate("2026-12-31"), "December 31, 2026");
});
