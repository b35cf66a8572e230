import { XMLParser } from 'fast-xml-parser';
import { readDate } from './answers.ts';

/**
 * The facts WorkCred keeps from an issued certificate's XML (GET /oauth2/1/xml/{uri}), in
 * DigiLocker's generic certificate structure:
 *
 *   <Certificate name="" type="HSCER" number="" issueDate="DD-MM-YYYY" status="A">
 *     <IssuedBy><Organization name="Central Board of Secondary Education" .../></IssuedBy>
 *     <IssuedTo><Person name="" dob="" .../></IssuedTo>
 *     <CertificateData> issuer-specific elements </CertificateData>
 *   </Certificate>
 *
 * Education issuers describe the award in CertificateData with their own elements: boards an
 * Examination (name, year) and a School; universities (through the National Academic Depository)
 * a Degree or Course (name, branch, year) and an Institution or College. Those are read here; the
 * XML itself is not kept.
 */
export interface CertificateFacts {
  /** The certificate's type attribute (DigiLocker doctype), e.g. DGCER. */
  type: string | null;
  /** The issuing organisation's name, from IssuedBy. */
  issuedBy: string | null;
  /** The name the certificate is issued to. Compared, never stored. */
  issuedTo: string | null;
  /** "Bachelor of Technology in Computer Science and Engineering", "Senior School Certificate Examination". */
  course: string | null;
  /** The college, institute or school, else the issuing university or board. */
  institution: string | null;
  /** The year of passing: the award's year, else the year of issue. */
  year: number | null;
  /** YYYY-MM-DD */
  issueDate: string | null;
  /** A (active); R (revoked), S (suspended) and E (expired) are not evidence. */
  status: string | null;
}

/** Certificate data is a few kilobytes; a bigger answer is not a certificate. */
const MAX_XML_CHARS = 512 * 1024;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

type Node = Record<string, unknown>;
const node = (value: unknown): Node | null => {
  const first = Array.isArray(value) ? value[0] : value;
  return first !== null && typeof first === 'object' ? (first as Node) : null;
};
const attr = (element: Node | null, name: string): string | null => {
  const value = element?.[`@${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s+/g, ' ').slice(0, 200) : null;
};
/** The first child element present, by name, case-insensitively (issuers differ: Degree, DEGREE). */
const child = (parent: Node | null, ...names: string[]): Node | null => {
  if (!parent) return null;
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  for (const [key, value] of Object.entries(parent)) if (wanted.has(key.toLowerCase())) return node(value);
  return null;
};

/** Reads a certificate's facts; null when the text is not a DigiLocker certificate (or declares a DTD, which we never expand). */
export function readCertificate(xml: string): CertificateFacts | null {
  if (xml.length > MAX_XML_CHARS || /<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch {
    return null;
  }
  const certificate = child(node(parsed), 'Certificate');
  if (!certificate) return null;
  const data = child(certificate, 'CertificateData');
  const award = child(data, 'Degree', 'Course', 'Programme', 'Program', 'Examination', 'Exam');
  const place = child(data, 'Institution', 'College', 'Institute', 'School');
  const organization = child(child(certificate, 'IssuedBy'), 'Organization', 'Organisation');
  const issueDate = readDate(attr(certificate, 'issueDate') ?? '');
  const awardName = attr(award, 'name') ?? attr(award, 'title');
  const branch = attr(award, 'branch') ?? attr(award, 'specialisation') ?? attr(award, 'specialization') ?? attr(award, 'discipline');
  const year = Number(attr(award, 'year') ?? attr(award, 'passingYear') ?? attr(child(data, 'Performance'), 'year') ?? issueDate?.slice(0, 4));
  return {
    type: attr(certificate, 'type'),
    issuedBy: attr(organization, 'name'),
    issuedTo: attr(child(child(certificate, 'IssuedTo'), 'Person'), 'name'),
    course: awardName ? (branch && !awardName.toLowerCase().includes(branch.toLowerCase()) ? `${awardName} in ${branch}` : awardName) : null,
    institution: attr(place, 'name') ?? attr(organization, 'name'),
    year: Number.isInteger(year) && year >= 1900 && year <= 2200 ? year : null,
    issueDate,
    status: attr(certificate, 'status'),
  };
}
