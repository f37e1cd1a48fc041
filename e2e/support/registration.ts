/**
 * Driving the registration wizard (public spec §2 /register, §4 steps, §5 fields): the fields by their visible
 * labels, the steps by their headings, the sandbox cards (4242… succeeds, 4000 0000 0000 0002 is declined when
 * the card is set up, 4000 0000 0000 9995 is declined when charged). registration.spec.ts checks the wizard
 * step by step with these; journeys that need a fresh member or DER registered through the UI use
 * registerMemberThroughUi and registerDerThroughUi, which go from /register to the finished dashboard.
 */
import { expect as baseExpect, type Page } from "@playwright/test";

// Long forms, stored cards and charges on a busy two-core machine: an answer that charges a card can take
// several seconds, so these steps wait longer than the shared 5 s.
export const expect = baseExpect.configure({ timeout: 15_000 });

export const CARDS = {
  ok: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  noFunds: "4000 0000 0000 9995",
} as const;

export const PASSWORD = "a-long-password-1";

/** A field by its visible label (the "(required)" marker aside), so "Password" does not match "Confirm Password". */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")}\\s*(\\(required\\))?$`));

export const stepHeading = (page: Page, title: string) =>
  page.getByRole("heading", { level: 2, name: new RegExp(title) });

export const statusToast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

export interface Person {
  email: string;
  firstName?: string;
  lastName?: string;
}

/** The account part every registration shares; Rita Mariner unless told otherwise. */
export async function fillAccount(page: Page, { email, firstName = "Rita", lastName = "Mariner" }: Person) {
  await field(page, "First Name").fill(firstName);
  await field(page, "Last Name").fill(lastName);
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(PASSWORD);
  await field(page, "Confirm Password").fill(PASSWORD);
  await page.getByLabel(/I accept the terms and conditions/).check();
  await page.getByLabel("I'm not a robot (development)").check();
}

/**
 * A member's details: with `company`, a licensed employee of that company (which waits for an administrator's
 * approval); without, an unlicensed self-employed member.
 */
export async function fillMember(page: Page, { company }: { company?: string }) {
  await field(page, "Phone").fill("(504) 555-0123");
  await field(page, "Address One").fill("1 River Road");
  await field(page, "City").fill("New Orleans");
  await field(page, "State").selectOption("LA");
  await field(page, "Postal Code").fill("70112");
  if (company) {
    await page.getByLabel("Yes, I am licensed").check();
    await field(page, "USCG Credentials").fill("MMC-1234567");
    await page.getByLabel("Company", { exact: true }).check();
    await field(page, "Company Name").fill(company);
  } else {
    await page.getByLabel("No, I am not licensed").check();
    await field(page, "Last 4 digits of SSN").fill("6789");
    await page.getByLabel("Self-employed").check();
  }
}

export interface DerCompany {
  name: string;
  ein: string;
  phone: string;
  email: string;
}

/** A DER's company (the account part is fillAccount). */
export async function fillDerCompany(page: Page, company: DerCompany) {
  await field(page, "Company Name").fill(company.name);
  await field(page, "EIN").fill(company.ein);
  await field(page, "Company Phone").fill(company.phone);
  await field(page, "Company Email").fill(company.email);
}

export async function addCard(page: Page, number: string) {
  await field(page, "Card number").fill(number);
  await field(page, "Expiration (MM/YY)").fill("12/34");
  await field(page, "CVC").fill("123");
  await field(page, "ZIP").fill("70112");
  await page.getByRole("button", { name: "Save Card" }).click();
}

/** The end of every registration: the dashboard with its banner. */
export async function expectFinished(page: Page, arrive: (url: string | RegExp) => Promise<void>) {
  await arrive("/app?finished=1");
  await expect(page.getByRole("status").filter({ hasText: "Registration complete" })).toBeVisible();
}

type Visit = (path: string) => Promise<void>;
type Arrive = (url: string | RegExp) => Promise<void>;

/**
 * A company member, from /register to the finished dashboard: details, a 4242 card, the company (annual)
 * membership started. The page is signed in as the member afterwards.
 */
export async function registerMemberThroughUi(
  page: Page,
  { visit, arrive }: { visit: Visit; arrive: Arrive },
  person: Person & { company: string },
) {
  await visit("/register");
  await page.getByRole("button", { name: "Register as a Member" }).click();
  await expect(stepHeading(page, "Member registration")).toBeFocused();
  await fillAccount(page, person);
  await fillMember(page, { company: person.company });
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(statusToast(page, "Your APCA Account Has Been Created!")).toBeVisible();
  await expect(stepHeading(page, "Add a payment method")).toBeFocused();
  await addCard(page, CARDS.ok);
  await expect(stepHeading(page, "Confirm your company membership")).toBeFocused();
  await page.getByRole("button", { name: "Start Membership" }).click();
  await expect(statusToast(page, "Your Membership Has Been Started")).toBeVisible();
  await expectFinished(page, arrive);
}

/**
 * A DER, from /register to the finished dashboard: account and company, a 4242 card, the compliance kit
 * bought. The page is signed in as the DER afterwards.
 */
export async function registerDerThroughUi(
  page: Page,
  { visit, arrive }: { visit: Visit; arrive: Arrive },
  person: Person & { company: DerCompany },
) {
  await visit("/register");
  await page.getByRole("button", { name: "Register as a DER" }).click();
  await expect(stepHeading(page, "DER registration")).toBeVisible();
  await fillAccount(page, person);
  await fillDerCompany(page, person.company);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(statusToast(page, "Your APCA Account Has Been Created!")).toBeVisible();
  await expect(stepHeading(page, "Add a payment method")).toBeFocused();
  await addCard(page, CARDS.ok);
  await expect(stepHeading(page, "Confirm your company registration")).toBeVisible();
  await page.getByRole("button", { name: "Purchase Compliance Kit" }).click();
  await expect(statusToast(page, "Your Company Has Been Registered!")).toBeVisible();
  await expectFinished(page, arrive);
}
