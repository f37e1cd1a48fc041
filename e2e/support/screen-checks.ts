/**
 * The one look of every screen (issue 23), checked on whatever page is open: nothing clipped or spilling out
 * of its box unless it is a scroll region announced as such (a labelled region or a tab list), a tab list of
 * one row on a phone, every date in the one format (web/src/lib/dates.ts), and a detail page's first heading
 * naming its subject. axe runs in `visit` (fixtures.ts).
 */
import { expect, type Page } from "@playwright/test";

// The checks below run inside the page (page.evaluate). The browser's names are declared here, loosely and for
// this module only: a `/// <reference lib="dom" />` would give the DOM's types to every file `deno check` reads
// at once (the API's and the bench's streams among them).
// deno-lint-ignore no-explicit-any
type Element = any;
// deno-lint-ignore no-explicit-any
declare const document: any, HTMLElement: any, getComputedStyle: any;

/** Dates as the screens once wrote them, each now a defect: "11/25/2026", "November 25, 2026", "5:14:11 PM". */
const OTHER_DATE_SHAPES = [
  /\b\d{1,2}\/\d{1,2}\/\d{4}\b/,
  /\b(January|February|March|April|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/,
  /\b\d{1,2}:\d{2}:\d{2} ?(AM|PM)\b/,
];

export interface ScreenCheck {
  phone: boolean;
  /** The name the page's first heading must contain (a detail page's subject). */
  subject?: string | RegExp;
}

export async function checkScreen(page: Page, path: string, { phone, subject }: ScreenCheck) {
  // The subject's name arrives with its own request, possibly after the screen's data: wait for it (retrying),
  // then check the settled page.
  if (subject !== undefined) {
    await expect.soft(page.locator("h1").first(), `${path}: the heading names its subject`).toContainText(
      subject,
    );
  }
  const found = await page.evaluate(() => {
    const overflowing: string[] = [];
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${
        el.className && typeof el.className === "string"
          ? `.${el.className.trim().split(/\s+/).join(".")}`
          : ""
      }> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    for (const el of document.body.querySelectorAll("*")) {
      if (!(el instanceof HTMLElement)) continue;
      if (["INPUT", "TEXTAREA", "SELECT", "OPTION", "CANVAS", "IMG", "IFRAME"].includes(el.tagName)) continue;
      if (el.closest("svg, .visually-hidden, [hidden], .uplot, dialog:not([open])")) continue;
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden" || style.position === "fixed") continue;
      // Visually hidden text (1 px boxes) is not content a reader sees.
      if (el.clientWidth <= 1 || el.clientHeight <= 1) continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
      const role = el.getAttribute("role");
      const announced = scrolls &&
        ((role === "region" && el.hasAttribute("aria-label")) || role === "tablist");
      if (announced) continue;
      // Content that spills out of a box that shows it anyway (overflow visible) is clipped by nothing only
      // if it stays inside the screen; the page-width check below catches the rest.
      if (style.overflowX === "visible") continue;
      overflowing.push(describe(el));
    }
    const tablists = [...document.querySelectorAll('[role="tablist"]')].map((list) => {
      const tops = new Set(
        [...list.querySelectorAll('[role="tab"]')].map((tab) => Math.round(tab.getBoundingClientRect().top)),
      );
      return { name: list.getAttribute("aria-label") ?? "", rows: tops.size };
    });
    const main = document.querySelector("main") ?? document.body;
    return {
      overflowing,
      tablists,
      text: main.innerText,
      h1: document.querySelector("h1")?.textContent ?? "",
      pageWidth: document.documentElement.scrollWidth,
      screenWidth: document.documentElement.clientWidth,
    };
  });
  expect.soft(found.pageWidth, `${path} is ${found.pageWidth} px wide on a ${found.screenWidth} px screen`)
    .toBeLessThanOrEqual(found.screenWidth);
  expect.soft(found.overflowing, `${path}: content wider than its box (and not an announced scroll region)`)
    .toEqual([]);
  if (phone) {
    for (const list of found.tablists) {
      expect.soft(list.rows, `${path}: tab list "${list.name}" on one row`).toBeLessThanOrEqual(1);
    }
  }
  for (const shape of OTHER_DATE_SHAPES) {
    expect.soft(found.text.match(shape)?.[0] ?? null, `${path}: a date in another format`).toBeNull();
  }
}

/**
 * The signed-in header and the search boxes at a desk's width (issue 37): whether the header's parts (brand,
 * menu, the search, the name, Sign out) sit on one row; each search box's hint against the room it has (the
 * box holding its hint as text scrolls when the hint is cut); each notification badge's lines of text.
 */
export function measureDeskFit(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => el.getBoundingClientRect();
    const header = document.querySelector(".header-inner");
    const parts = [
      header.querySelector(".brand"),
      header.querySelector(".main-nav"),
      ...header.querySelectorAll(".header-actions > *"),
    ].map(box).filter((b: { height: number }) => b.height > 0);
    const oneRow = Math.max(...parts.map((b: { top: number }) => b.top)) <
      Math.min(...parts.map((b: { bottom: number }) => b.bottom));
    const hints = [...document.querySelectorAll("input[placeholder]")].map((input: Element) => {
      const value = input.value;
      input.value = input.placeholder;
      const found = {
        hint: String(input.placeholder),
        text: Number(input.scrollWidth),
        room: Number(input.clientWidth),
      };
      input.value = value;
      return found;
    });
    const badges = [...document.querySelectorAll(".count-badge")].map((badge: Element) => {
      const lineHeight = parseFloat(getComputedStyle(badge).lineHeight) || 20;
      const range = document.createRange();
      range.selectNodeContents(badge);
      const tops = new Set([...range.getClientRects()].map((r: { top: number }) => Math.round(r.top)));
      return {
        text: String(badge.textContent),
        lines: tops.size,
        tall: box(badge).height > lineHeight * 1.8,
      };
    });
    return { oneRow: Boolean(oneRow), hints, badges };
  });
}
