/** Enough of a User-Agent header to recognise a session in a list (not for feature detection). */
export type Device = 'desktop' | 'mobile' | 'tablet' | 'api' | 'unknown';
export type ParsedUserAgent = { browser: string; os: string; device: Device };

const version = (ua: string, re: RegExp) => ua.match(re)?.[1]?.split('.')[0];

function browserOf(ua: string): string | null {
  const rules: [RegExp, string][] = [
    [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
    [/OPR\/([\d.]+)/, 'Opera'],
    [/SamsungBrowser\/([\d.]+)/, 'Samsung Internet'],
    [/(?:Firefox|FxiOS)\/([\d.]+)/, 'Firefox'],
    [/(?:Chrome|CriOS)\/([\d.]+)/, 'Chrome'],
    [/Version\/([\d.]+).*Safari\//, 'Safari'],
  ];
  for (const [re, name] of rules) {
    const v = version(ua, re);
    if (v) return `${name} ${v}`;
  }
  return null;
}

function osOf(ua: string): string {
  if (/iPad/.test(ua)) return 'iPadOS';
  if (/iPhone|iPod/.test(ua)) return 'iOS';
  if (/Android/.test(ua))
    return `Android${version(ua, /Android ([\d.]+)/) ? ` ${version(ua, /Android ([\d.]+)/)}` : ''}`;
  if (/Windows NT/.test(ua)) return 'Windows';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return 'Unknown OS';
}

const API_CLIENTS =
  /^(curl|Wget|python-requests|PostmanRuntime|axios|node-fetch|undici|Go-http-client|okhttp|insomnia|HTTPie|lightMyRequest)/i;

export function parseUserAgent(ua: string | null | undefined): ParsedUserAgent {
  if (!ua) return { browser: 'Unknown browser', os: 'Unknown OS', device: 'unknown' };
  const client = ua.match(API_CLIENTS)?.[1];
  if (client) return { browser: client, os: 'API client', device: 'api' };
  const os = osOf(ua);
  const tablet = /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua));
  const mobile = !tablet && /Mobi|iPhone|iPod|Android/.test(ua);
  return {
    browser: browserOf(ua) ?? 'Unknown browser',
    os,
    device: tablet ? 'tablet' : mobile ? 'mobile' : os === 'Unknown OS' ? 'unknown' : 'desktop',
  };
}
