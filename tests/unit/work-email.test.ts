import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { blockedEmailDomains } from '../../shared/options.ts';
import { joinWaitlistSchema } from '../../shared/schemas/waitlist.ts';
import { emailDomain, filterEmailTyping, isEmailShape, isFreeMailDomain, isWorkEmail, MAX_EMAIL_LENGTH, workEmailSchema } from '../../shared/schemas/work-email.ts';

const MESSAGE = messages.waitlist.invalidWorkEmail;
const schema = workEmailSchema(MESSAGE);

function refusal(value: unknown): string[] | null {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
}

describe('work email: shape (spec point 5)', () => {
  it.each([
    'priya@acme.in',
    'priya.sharma@acme-logistics.co.in',
    'hr+jobs@nimbus-tech.com',
    'first_last-2@sub.domain.example.org',
    'A.B@Acme.IN',
    'x@a1.io',
  ])('accepts %s', (email) => {
    expect(isEmailShape(email)).toBe(true);
    expect(isWorkEmail(email)).toBe(true);
    expect(refusal(email)).toBeNull();
  });

  it.each([
    ['no @', 'priya.acme.in'],
    ['two @', 'priya@hr@acme.in'],
    ['nothing before @', '@acme.in'],
    ['nothing after @', 'priya@'],
    ['no top-level domain', 'priya@acme'],
    ['one-letter top-level domain', 'priya@acme.i'],
    ['digits as top-level domain', 'priya@acme.123'],
    ['space inside', 'priya sharma@acme.in'],
    ['leading dot', '.priya@acme.in'],
    ['trailing dot before @', 'priya.@acme.in'],
    ['doubled dot', 'priya..sharma@acme.in'],
    ['empty domain label', 'priya@acme..in'],
    ['label starting with a hyphen', 'priya@-acme.in'],
    ['label ending with a hyphen', 'priya@acme-.in'],
    ['trailing dot after the domain', 'priya@acme.in.'],
    ['a character outside the allowed set', 'priya#1@acme.in'],
    ['a non-ASCII letter', 'prīya@acme.in'],
    ['empty', ''],
    ['only spaces', '   '],
  ])('refuses %s (%s) with the spec message', (_why, email) => {
    expect(isEmailShape(email)).toBe(false);
    expect(refusal(email)).toEqual([MESSAGE]);
  });

  it('refuses a value that is not a string with the same message', () => {
    for (const value of [undefined, null, 42, {}, ['a@acme.in']]) expect(refusal(value)).toEqual([MESSAGE]);
  });
});

describe('work email: the four free-mail domains', () => {
  it('blocks exactly gmail.com, yahoo.com, hotmail.com and outlook.com', () => {
    expect([...blockedEmailDomains].sort()).toEqual(['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com']);
  });

  it.each(blockedEmailDomains.flatMap((domain) => [domain, domain.toUpperCase(), domain[0]!.toUpperCase() + domain.slice(1)]))('refuses name@%s in any case', (domain) => {
    const email = `ravi.kumar@${domain}`;
    expect(isFreeMailDomain(email)).toBe(true);
    expect(isWorkEmail(email)).toBe(false);
    expect(refusal(email)).toEqual([MESSAGE]);
    expect(refusal(`  ${email}  `)).toEqual([MESSAGE]);
  });

  it.each(['ravi@mail.gmail.com', 'ravi@gmail.com.acme.in', 'ravi@notgmail.com', 'ravi@gmail.co', 'ravi@yahoo.co.in', 'ravi@outlook-partners.com', 'gmail.com@acme.in'])(
    'does not treat %s as one of the four domains',
    (email) => {
      expect(isFreeMailDomain(email)).toBe(false);
      expect(refusal(email)).toBeNull();
    },
  );

  it('reads the domain after the last @, trimmed and lower-cased', () => {
    expect(emailDomain('Ravi@Acme.IN ')).toBe('acme.in');
    expect(emailDomain('a@b@GMAIL.com')).toBe('gmail.com');
  });
});

describe('work email: trimming, lower-casing and length', () => {
  it('trims and lower-cases what it accepts', () => {
    expect(schema.parse('  Priya.Sharma@Acme-Logistics.CO.IN\t')).toBe('priya.sharma@acme-logistics.co.in');
  });

  it('accepts up to 254 characters and refuses 255, once', () => {
    const domain = `${'d'.repeat(62)}.${'e'.repeat(61)}.${'f'.repeat(61)}.in`; // 189 characters
    const longest = `${'a'.repeat(62)}.b@${domain}`; // a 64-character local part
    expect(longest.length).toBe(MAX_EMAIL_LENGTH);
    expect(refusal(longest)).toBeNull();
    expect(refusal(`a${longest}`)).toEqual([MESSAGE]);
  });

  it('limits the part before the @ to 64 characters', () => {
    expect(refusal(`${'a'.repeat(64)}@acme.in`)).toBeNull();
    expect(refusal(`${'a'.repeat(65)}@acme.in`)).toEqual([MESSAGE]);
  });

  it('answers quickly for long hostile input', () => {
    const started = performance.now();
    for (const value of [`${'a'.repeat(100_000)}@`, `a@${'a-'.repeat(50_000)}`, `a@${'a.'.repeat(50_000)}1`]) expect(refusal(value)).toEqual([MESSAGE]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('uses the message it is given (the employer signup has its own)', () => {
    const signup = workEmailSchema(messages.employerSignup.invalidWorkEmail).safeParse('ravi@gmail.com');
    expect(signup.success ? null : signup.error.issues[0]?.message).toBe(messages.employerSignup.invalidWorkEmail);
  });

  it('the waitlist body takes the email and nothing else', () => {
    expect(joinWaitlistSchema.parse({ email: 'HR@Acme.in' })).toEqual({ email: 'hr@acme.in' });
    expect(joinWaitlistSchema.safeParse({ email: 'hr@acme.in', plan: 'starter' }).success).toBe(false);
    expect(joinWaitlistSchema.safeParse({}).success).toBe(false);
  });
});

describe('waitlist typing filter', () => {
  it('keeps letters, digits and @ . _ + -', () => {
    expect(filterEmailTyping('Priya.Sharma_1+jobs-x@Acme.IN')).toBe('Priya.Sharma_1+jobs-x@Acme.IN');
  });

  it('drops spaces and every other character', () => {
    expect(filterEmailTyping(' priya sharma#@acme.in ')).toBe('priyasharma@acme.in');
    expect(filterEmailTyping('a!b"c$d%e&f\'g(h)i*j,k/l:m;n<o=p>q?r[s\\t]u^v`w{x|y}z~')).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(filterEmailTyping('prīya@acmé.in\u200b\n\t')).toBe('prya@acm.in');
  });

  it('leaves only allowed characters and never drops an allowed one, for any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (input) => {
        const output = filterEmailTyping(input);
        expect(output).toMatch(/^[A-Za-z0-9@._+-]*$/);
        expect(output).toBe([...input].filter((char) => /^[A-Za-z0-9@._+-]$/.test(char)).join(''));
        expect(filterEmailTyping(output)).toBe(output);
      }),
    );
  });
});
