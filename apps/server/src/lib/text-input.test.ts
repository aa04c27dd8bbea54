import { describe, expect, it } from 'vitest';
import { cutText, textProblem } from './text-input.js';

describe('textProblem', () => {
  it('accepts any well-formed text, astral characters included', () => {
    for (const ok of ['', 'Zoë Müller', '日本語', 'emoji 😀 pair', 'a\uD83D\uDE00b']) expect(textProblem(ok), ok).toBeNull();
  });

  it('refuses a NUL character and a lone surrogate wherever it is', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    for (const bad of ['\uD800', 'x\uD83D', '\uDE00y', 'a\uDE00\uD83Db', 'ok \uDBFF']) expect(textProblem(bad), JSON.stringify(bad)).toMatch(/lone surrogate/);
  });
});

describe('cutText', () => {
  it('cuts to a length without splitting a surrogate pair', () => {
    expect(cutText('abc', 5)).toBe('abc');
    expect(cutText('abcdef', 3)).toBe('abc');
    // 😀 is two UTF-16 units: cut between them, it goes whole
    expect(cutText('ab😀c', 3)).toBe('ab');
    expect(cutText('ab😀c', 4)).toBe('ab😀');
    expect(cutText('ab😀c', 3).isWellFormed()).toBe(true);
  });
});
