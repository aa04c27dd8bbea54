import fs from 'node:fs';
import path from 'node:path';
import { mailDir } from './env';

export type CaughtMail = { file: string; receivedAt: number; raw: string; text: string };

const safeName = (address: string): string => address.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_');

/**
 * Undoes quoted-printable: soft line breaks (=\r\n) and =XX escapes such as =3D, the escaped
 * bytes read as UTF-8 (quoted-printable text is ASCII; each byte maps to one latin1 character).
 */
export const decodeQuotedPrintable = (input: string): string =>
  Buffer.from(
    input.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The readable text of a raw message: quoted-printable and base64 parts decoded. Parts are split
 * at the boundary the message declares, not at any line starting with "--": a quoted-printable
 * line may start with "--" (a wrapped token continuing with two dashes).
 */
export function messageText(raw: string): string {
  const out: string[] = [];
  // Each MIME part (or the whole message) is headers, a blank line, then a body.
  // every boundary it declares (a multipart/alternative may sit inside a multipart/mixed)
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => escapeRegExp(m[1]!));
  const parts = boundaries.length ? raw.split(new RegExp(`\\r?\\n--(?:${boundaries.join('|')})(?:--)?\\r?\\n`)) : [raw];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const body = part.slice(split).trim();
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') out.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (encoding === 'quoted-printable') out.push(decodeQuotedPrintable(body));
    else out.push(body);
  }
  return out.join('\n');
}

/** The first http(s) link of a message. */
export function firstLink(text: string, contains?: string): string {
  const links = text.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [];
  const link = links.find((l) => !contains || l.includes(contains));
  if (!link) throw new Error(`No link${contains ? ` containing "${contains}"` : ''} in the message:\n${text}`);
  return link.replace(/[.,;]+$/, '');
}

/** Waits for a message to this address received at or after `since` (ms epoch). */
export async function waitForMail(
  address: string,
  options: { since?: number; timeoutMs?: number; contains?: string } = {},
): Promise<CaughtMail> {
  const { since = 0, timeoutMs = 20_000, contains } = options;
  const suffix = `-${safeName(address)}.eml`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith(suffix)).sort() : [];
    for (const file of files) {
      const receivedAt = Number(file.split('-')[0]);
      if (receivedAt < since) continue;
      const raw = fs.readFileSync(path.join(mailDir, file), 'utf8');
      const text = messageText(raw);
      if (contains && !text.includes(contains)) continue;
      return { file, receivedAt, raw, text };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${address} within ${timeoutMs} ms (looked in ${mailDir})`);
}

/** Waits for a message to this address and returns its first link (optionally one containing `contains`). */
export async function waitForMailLink(
  address: string,
  options: { since?: number; timeoutMs?: number; contains?: string } = {},
): Promise<string> {
  const mail = await waitForMail(address, options);
  return firstLink(mail.text, options.contains);
}
