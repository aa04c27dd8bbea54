import { describe, expect, it } from 'vitest';
import { firstLink, messageText } from './mail';

const TOKEN = 'FG0XoJIDTTK7MYwPfq3--5bA47qLh2wupvSAQkP1svg';

describe('reading a caught message', () => {
  it('keeps a quoted-printable line that starts with "--" (a wrapped token) in a single-part message', () => {
    const raw = [
      'To: invitee@leadtrail-e2e.example',
      'Content-Transfer-Encoding: quoted-printable',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Open the invitation:',
      `http://localhost:3100/user-invite/${TOKEN.slice(0, 19)}=`,
      `${TOKEN.slice(19)}`,
      '',
      'If you weren=E2=80=99t expecting this, you can ignore it.',
    ].join('\r\n');
    const text = messageText(raw);
    expect(firstLink(text, '/user-invite/')).toBe(`http://localhost:3100/user-invite/${TOKEN}`);
    expect(text).toContain('If you weren’t expecting this');
  });

  it('splits a multipart message at its declared boundaries, nested ones included, and decodes each part', () => {
    const raw = [
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      `http://localhost:3100/user-invite/${TOKEN.slice(0, 19)}=`,
      `${TOKEN.slice(19)}`,
      '--inner',
      'Content-Type: text/html',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Hello</p>').toString('base64'),
      '--inner--',
      '--outer--',
      '',
    ].join('\r\n');
    const text = messageText(raw);
    expect(firstLink(text, '/user-invite/')).toBe(`http://localhost:3100/user-invite/${TOKEN}`);
    expect(text).toContain('<p>Hello</p>');
  });
});
