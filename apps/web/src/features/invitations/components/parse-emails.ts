import { emailSchema } from '@leadtrail/contracts';

export type ParsedEmails = { emails: string[]; invalid: string[] };

/** Addresses pasted one per line or separated by commas, semicolons or spaces ("Name <a@b.c>" too). */
export function parseEmails(text: string): ParsedEmails {
  const emails: string[] = [];
  const invalid: string[] = [];
  // "Jane Doe <jane@acme.com>" → "jane@acme.com"
  const bare = text.replace(/[^,;\n<>]*<([^<>]*)>/g, ' $1 ');
  for (const candidate of bare.split(/[\s,;]+/)) {
    if (!candidate) continue;
    const parsed = emailSchema.safeParse(candidate);
    if (!parsed.success) {
      invalid.push(candidate);
      continue;
    }
    const email = parsed.data.toLowerCase();
    if (!emails.includes(email)) emails.push(email);
  }
  return { emails, invalid };
}
