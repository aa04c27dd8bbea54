/* global window, document */
// Applies the saved colour scheme before the app renders, so dark mode doesn't flash white.
// Must stay a static file: the content security policy forbids inline scripts.
(function () {
  var scheme = 'auto';
  try {
    scheme = window.localStorage.getItem('leadtrail-color-scheme') || 'auto';
  } catch {
    // Storage can be blocked; fall back to the system setting.
  }
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
