import { useEffect, useState } from 'react';
import { lazyCode } from '../lib/lazy-part';

// Issue 13: libphonenumber's metadata (~38 KB compressed) loads when a phone number is first
// shown (phone columns are hidden in the grids by default), not with every screen.
const phoneFormat = lazyCode(() => import('../lib/phone').then((m) => m.formatPhone));

/**
 * A stored phone number as its reader writes it (lib/phone formatPhone). Until the formatting
 * code has arrived (a moment, on the first number shown) the number reads as it is stored.
 */
export function PhoneText({ value }: { value: string }) {
  const [format, setFormat] = useState(() => phoneFormat.get());
  useEffect(() => {
    if (format) return;
    let live = true;
    // a number that cannot be formatted still reads as stored
    phoneFormat.load().then((loaded) => live && setFormat(() => loaded), () => {});
    return () => {
      live = false;
    };
  }, [format]);
  return <>{format ? format(value) : value}</>;
}
