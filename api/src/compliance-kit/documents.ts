/**
 * What the compliance kit contains: the documents the public kit page promises
 * (web/src/features/public/compliance-kit-page.tsx), each written for the business that bought it. The text
 * is ours, drawn from 46 CFR Part 16 and 49 CFR Part 40; pdf.ts lays it out. A document is blocks: headings,
 * paragraphs, bullet lists, and form fields to fill in by hand (the paper forms a company keeps).
 */

export type Block =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "bullets"; items: string[] }
  | { kind: "fields"; labels: string[] };

export interface KitDocument {
  /** The download's file name and the id in the documents list. */
  slug: string;
  title: string;
  description: string;
  blocks: (company: string) => Block[];
}

const P = (text: string): Block => ({ kind: "paragraph", text });
const H = (text: string): Block => ({ kind: "heading", text });
const B = (...items: string[]): Block => ({ kind: "bullets", items });
const F = (...labels: string[]): Block => ({ kind: "fields", labels });

const SIGN = F("Name", "Title", "Signature", "Date");

export const KIT_DOCUMENTS: KitDocument[] = [
  {
    slug: "drug-and-alcohol-policy",
    title: "Drug and Alcohol Testing Policy",
    description: "The written policy: 46 CFR Part 16 and 49 CFR Part 40",
    blocks: (company) => [
      H("1. Purpose and authority"),
      P(
        `${company} maintains a drug and alcohol testing program for crewmembers in safety-sensitive ` +
          "positions, as required by 46 CFR Part 16 (Chemical Testing) and carried out under 49 CFR Part 40 " +
          "(Procedures for Transportation Workplace Drug and Alcohol Testing Programs). The company is a member " +
          "of the APCA consortium, which manages the random selection and keeps the testing records.",
      ),
      H("2. Who is covered"),
      P(
        "Every crewmember on a vessel of the company who holds a USCG license, certificate of registry or " +
          "merchant mariner credential and is required to hold it to serve, and every crewmember who performs " +
          "duties that directly affect the safe operation of the vessel (46 CFR 16.105, 16.201).",
      ),
      H("3. Prohibited conduct"),
      B(
        "Using, possessing or being under the influence of a dangerous drug on or off duty (46 CFR 16.201).",
        "Performing scheduled duties while intoxicated, or within four hours of consuming alcohol (33 CFR 95).",
        "Refusing to take a required test, or adulterating or substituting a specimen (49 CFR 40.191).",
      ),
      H("4. When tests are required"),
      B(
        "Pre-employment, before a crewmember first serves, unless exempt under 46 CFR 16.210.",
        "Random, unannounced, at the annual rate the Coast Guard sets (46 CFR 16.230).",
        "Post-accident, after a serious marine incident: alcohol within 2 hours, drugs within 32 hours.",
        "Reasonable cause, on the documented observation of a trained supervisor (46 CFR 16.250).",
        "Return-to-duty and follow-up, as directed by a substance abuse professional (49 CFR 40.305-40.309).",
      ),
      H("5. Testing"),
      P(
        "Drug tests are 5-panel urine tests (marijuana, cocaine, amphetamines, opiates, phencyclidine) " +
          "collected and analysed at HHS-certified laboratories and reviewed by a Medical Review Officer. " +
          "Negative and negative-dilute results count as passed.",
      ),
      H("6. Consequences"),
      P(
        "A crewmember with a verified positive result or a refusal is removed from safety-sensitive duties at " +
          "once, is referred to a substance abuse professional, and is reported to the Coast Guard as 46 CFR " +
          "16.201 requires. Return to duty requires a negative return-to-duty test and the follow-up testing " +
          "the SAP sets.",
      ),
      H("7. Confidentiality and records"),
      P(
        "Results are released only as 49 CFR 40.321 allows. Records are kept for the periods of 49 CFR " +
          "40.333: five years for positives, refusals, SAP reports and follow-up tests; one year for negative " +
          "and cancelled results; and produced to the Coast Guard on request within two days.",
      ),
      H("Adopted by"),
      SIGN,
    ],
  },
  {
    slug: "der-designation",
    title: "Designation of the Designated Employer Representative",
    description: "The DER's designation and duties (49 CFR 40.3)",
    blocks: (company) => [
      P(
        `${company} designates the person below as its Designated Employer Representative (DER): the ` +
          "employee authorised to take immediate action to remove crewmembers from safety-sensitive duties, " +
          "and to make required decisions in the testing and evaluation processes (49 CFR 40.3).",
      ),
      H("Duties"),
      B(
        "Receive test results and other communications from the MRO, the consortium and the SAP.",
        "Remove a crewmember from safety-sensitive duties at once after a verified positive or a refusal.",
        "Send selected crewmembers for random tests promptly and without warning.",
        "Order post-accident and reasonable-cause tests and document them on the kit's forms.",
        "Keep results confidential (49 CFR 40.321) and keep the company's records (49 CFR 40.333).",
        "Keep the APCA roster of crewmembers and vessels current.",
      ),
      H("Designated Employer Representative"),
      F("Name", "Phone", "E-mail", "Signature", "Date"),
      H("For the company"),
      SIGN,
    ],
  },
  {
    slug: "eap-education",
    title: "Employee Assistance Program: Crew Education",
    description: "EAP education material for the crew (46 CFR 16.401)",
    blocks: (company) => [
      P(
        `${company} provides this material to every crewmember as part of its Employee Assistance Program ` +
          "(46 CFR 16.401). It explains how drugs and alcohol affect the safe operation of a vessel and where " +
          "to find help.",
      ),
      H("Effects on safety at sea"),
      B(
        "Slower reaction time, poorer judgement and coordination: the causes of collisions, groundings and " +
          "falls overboard.",
        "Alcohol and many drugs stay in the body for hours after use; fatigue and motion make them worse.",
        "Prescription and over-the-counter medicines can impair: tell your doctor you serve in a " +
          "safety-sensitive position.",
      ),
      H("Signs and symptoms"),
      B(
        "Changes in appearance, behaviour, speech or body odour.",
        "Repeated lateness, absence, accidents and near misses.",
      ),
      H("Where to get help"),
      P(
        "Help is confidential. Ask the DER or APCA for the names of treatment providers and substance abuse " +
          "professionals near your home port, or call the SAMHSA National Helpline, 1-800-662-4357 (free, " +
          "confidential, 24 hours a day).",
      ),
      H("Acknowledgement"),
      F("Crewmember name", "Signature", "Date"),
    ],
  },
  {
    slug: "supervisor-training",
    title: "Supervisor Training and Attendance Record",
    description: "The 60-minute supervisor training (46 CFR 16.401) and its attendance record",
    blocks: (company) => [
      P(
        `Every supervisor of ${company} who may decide on a reasonable-cause test completes at least 60 ` +
          "minutes of training on the physical, behavioural, speech and performance indicators of probable " +
          "drug use (46 CFR 16.401; 49 CFR 382.603 describes the same content).",
      ),
      H("Outline (60 minutes)"),
      B(
        "The program, the rules and the supervisor's role (10 minutes).",
        "Indicators of drug use and alcohol misuse: physical, behavioural, speech, performance (25 minutes).",
        "Making and documenting a reasonable-cause determination; sending for a test (15 minutes).",
        "Confidentiality, the EAP, and questions (10 minutes).",
      ),
      H("Attendance record"),
      F("Date of training", "Trainer", "Length (minutes)"),
      F(
        "Supervisor 1: name and signature",
        "Supervisor 2: name and signature",
        "Supervisor 3: name and signature",
      ),
      F(
        "Supervisor 4: name and signature",
        "Supervisor 5: name and signature",
        "Supervisor 6: name and signature",
      ),
    ],
  },
  {
    slug: "post-accident-and-reasonable-suspicion",
    title: "Post-Accident and Reasonable-Suspicion Procedures and Forms",
    description: "What to do after an accident or on a suspicion, with the forms to document it",
    blocks: (company) => [
      H("After a serious marine incident (46 CFR 4.06)"),
      B(
        "Make the vessel safe and give first aid first.",
        "Alcohol test every crewmember directly involved within 2 hours; drug test within 32 hours.",
        "Call APCA to arrange the drug tests; record why a test was not done in time.",
        "Report the incident to the Coast Guard on form CG-2692 and the test results on CG-2692B.",
      ),
      H("Post-accident testing record"),
      F("Vessel", "Date and time of the incident", "Location", "Crewmember tested"),
      F("Alcohol test: time and result", "Drug test: time of collection", "If late or not done: why"),
      H("Reasonable-suspicion observation"),
      P(
        `A trained supervisor of ${company} who observes specific, contemporaneous signs of drug use or ` +
          "alcohol misuse documents them below before the test and sends the crewmember for testing.",
      ),
      F("Crewmember", "Date and time observed", "What was observed (appearance, behaviour, speech, odour)"),
      F("Supervisor name", "Supervisor signature", "Time sent for testing"),
    ],
  },
  {
    slug: "alcohol-testing-guidance",
    title: "Alcohol Testing After a Serious Marine Incident",
    description: "Guidance on alcohol testing, including alcohol swabs",
    blocks: (company) => [
      P(
        `Vessels of ${company} carry alcohol saliva swabs (on the DOT conforming products list) so that the ` +
          "alcohol test after a serious marine incident can be done aboard within the 2-hour limit " +
          "(46 CFR 4.06-3). Replace swabs yearly or at their expiry date.",
      ),
      H("Using a swab"),
      B(
        "Check the expiry date and that the seal is intact.",
        "Make sure the crewmember has not eaten, drunk or smoked for 15 minutes.",
        "Saturate the swab in the mouth as its instructions say, then read it at the time stated.",
        "Record the result, the time and the swab's lot number below; a positive screen needs a " +
          "confirmation test by an evidential breath testing device.",
      ),
      H("Alcohol swab record"),
      F(
        "Crewmember",
        "Date and time",
        "Swab lot number and expiry",
        "Result",
        "Tested by (name and signature)",
      ),
    ],
  },
];

export const findKitDocument = (slug: string) => KIT_DOCUMENTS.find((d) => d.slug === slug);
