import { describe, expect, it } from 'vitest';
import { awardsIn, confirmsEducation } from '../../server/features/digilocker/education-match.ts';
import { readCertificate } from '../../server/features/verification/sources/digilocker/certificate-xml.ts';
import { DEVELOPMENT_SAMPLES } from '../../server/features/verification/sources/digilocker/development.ts';
import { readDate } from '../../server/features/verification/sources/digilocker/answers.ts';

/** What an issued certificate's XML tells us, and whether it confirms what the candidate wrote as their education. */
describe('DigiLocker certificates', () => {
  it('reads a university degree (Degree and Institution in CertificateData)', () => {
    const degree = DEVELOPMENT_SAMPLES.find((sample) => sample.doctype === 'DGCER')!;
    expect(readCertificate(degree.xmlFor('Ananya Rao'))).toEqual({
      type: 'DGCER',
      issuedBy: 'Visvesvaraya Technological University',
      issuedTo: 'Ananya Rao',
      course: 'Bachelor of Technology in Computer Science and Engineering',
      institution: 'R V College of Engineering, Bengaluru',
      year: 2019,
      issueDate: '2019-09-15',
      status: 'A',
    });
  });

  it('reads a board marksheet (Examination and School), and falls back to the issuer and the issue year', () => {
    const marksheet = DEVELOPMENT_SAMPLES.find((sample) => sample.doctype === 'HSCER')!;
    expect(readCertificate(marksheet.xmlFor('Ananya Rao'))).toMatchObject({ course: 'Senior School Certificate Examination', institution: 'Kendriya Vidyalaya Hebbal, Bengaluru', year: 2015 });
    const bare = '<Certificate type="SSCER" issueDate="30052013"><IssuedBy><Organization name="Karnataka Secondary Education Examination Board"/></IssuedBy><CertificateData/></Certificate>';
    expect(readCertificate(bare)).toMatchObject({ course: null, institution: 'Karnataka Secondary Education Examination Board', year: 2013, issueDate: '2013-05-30' });
  });

  it('ignores namespace prefixes and element case, as issuers differ', () => {
    const xml = '<ns2:Certificate xmlns:ns2="x" type="DGCER" issueDate="01-07-2021"><ns2:CertificateData><DEGREE name="Master of Business Administration" year="2021"/><COLLEGE name="IIM Bangalore"/></ns2:CertificateData></ns2:Certificate>';
    expect(readCertificate(xml)).toMatchObject({ course: 'Master of Business Administration', institution: 'IIM Bangalore', year: 2021 });
  });

  it('refuses what is not a certificate, and never expands a DTD (billion laughs)', () => {
    expect(readCertificate('not xml at all')).toBeNull();
    expect(readCertificate('<Other/>')).toBeNull();
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Certificate type="&lol2;"/>';
    expect(readCertificate(laughs)).toBeNull();
    expect(readCertificate(`<Certificate>${'x'.repeat(600_000)}</Certificate>`)).toBeNull();
  });

  it('reads DigiLocker dates in their several forms, refusing impossible ones', () => {
    expect(readDate('15-09-2019')).toBe('2019-09-15');
    expect(readDate('15/09/2019')).toBe('2019-09-15');
    expect(readDate('15092019')).toBe('2019-09-15');
    expect(readDate('2015-05-12T15:50:38Z')).toBe('2015-05-12');
    expect(readDate('31-02-2019')).toBeNull();
    expect(readDate('')).toBeNull();
  });
});

describe('education confirmed by a certificate', () => {
  const degree = { course: 'Bachelor of Technology in Computer Science and Engineering', doctype: 'DGCER' };

  it('names awards the ways Indians write them', () => {
    expect([...awardsIn('B.Tech, Computer Science')]).toEqual(['btech']);
    expect([...awardsIn('BTech (CSE), VTU')]).toEqual(['btech']);
    expect([...awardsIn('B. Tech in ECE')]).toEqual(['btech']);
    expect([...awardsIn('B.E. Mechanical')]).toEqual(['be']);
    expect([...awardsIn('MBA (Finance), B.Com')].sort()).toEqual(['bcom', 'mba']);
    expect([...awardsIn('12th pass, CBSE')]).toEqual(['class12']);
    expect([...awardsIn('Senior School Certificate Examination')]).toEqual(['class12']);
    expect([...awardsIn('Class X, ICSE')]).toEqual(['class10']);
  });

  it('confirms the same degree, not a different one', () => {
    expect(confirmsEducation('B.Tech, Computer Science', degree)).toBe(true);
    expect(confirmsEducation('BTech CSE from RVCE', degree)).toBe(true);
    expect(confirmsEducation('B.E. Computer Science', degree)).toBe(false);
    expect(confirmsEducation('M.Tech, Computer Science', degree)).toBe(false);
    expect(confirmsEducation('MBA', degree)).toBe(false);
    expect(confirmsEducation(null, degree)).toBe(false);
  });

  it('a class XII marksheet confirms "12th" even when its course says only the examination', () => {
    expect(confirmsEducation('12th, CBSE (2015)', { course: null, doctype: 'HSCER' })).toBe(true);
    expect(confirmsEducation('Class XII', { course: 'Senior School Certificate Examination', doctype: 'HSCER' })).toBe(true);
    expect(confirmsEducation('B.Tech', { course: 'Senior School Certificate Examination', doctype: 'HSCER' })).toBe(false);
  });
});
