/**
 * Vessels of a company. The specifications name only the name; the other fields are what a Coast Guard
 * inspector asks for (decision 0021): the USCG official number (the documentation number on the Certificate
 * of Documentation), the vessel type, and whether it is in service. The web's Vessels tab and vessel forms
 * read these types (`import type`).
 */
import { z } from "zod";
import { recordSchema } from "../lib/list.ts";

export const VESSEL_MESSAGES = {
  nameRequired: "Vessel Name is required!",
  officialNumberInvalid: "Official Number must be 5 to 8 digits",
  officialNumberTaken: "A vessel with this official number is already listed for this business.",
} as const;

/** USCG official numbers are digits (most are 6 or 7); "O.N." and spaces are dropped before checking. */
export const OFFICIAL_NUMBER_PATTERN = /^\d{5,8}$/;

const officialNumber = z.string().trim().max(30).nullish()
  .transform((v) => v ? v.replace(/^o\.?\s*n\.?\s*/i, "").replace(/[\s-]/g, "") : null)
  .refine((v) => v === null || OFFICIAL_NUMBER_PATTERN.test(v), VESSEL_MESSAGES.officialNumberInvalid)
  .describe("USCG official number (Certificate of Documentation), digits only");

const VesselFields = z.object({
  name: z.string({ error: VESSEL_MESSAGES.nameRequired }).trim().min(1, VESSEL_MESSAGES.nameRequired).max(
    255,
  ),
  official_number: officialNumber,
  vessel_type: z.string().trim().max(100).nullish().transform((v) => v || null)
    .describe("Towing vessel, passenger vessel, fishing vessel, offshore supply vessel, ..."),
  is_active: z.boolean().default(true).describe("In service; false keeps a laid-up or sold vessel on record"),
});

export const VesselCreateBody = VesselFields;
/** Manage vessel: only the fields sent change. */
export const VesselUpdateBody = VesselFields.partial().extend({ is_active: z.boolean().optional() });

export const VesselRecord = recordSchema(
  "vessel",
  z.object({
    name: z.string(),
    official_number: z.string().nullable(),
    vessel_type: z.string().nullable(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  ["business"],
);
export const VesselResponse = z.object({ data: VesselRecord });
export const VesselList = z.object({ data: z.array(VesselRecord) });

export const VesselParams = z.object({ vid: z.coerce.number().int().positive().max(2_147_483_647) });

export type Vessel = z.infer<typeof VesselRecord>;
export type VesselAnswer = z.infer<typeof VesselResponse>;
export type VesselListAnswer = z.infer<typeof VesselList>;
export type VesselCreateRequest = z.input<typeof VesselCreateBody>;
export type VesselUpdateRequest = z.input<typeof VesselUpdateBody>;
