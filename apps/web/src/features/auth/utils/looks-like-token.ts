/** Emailed tokens are long random strings; anything far off is a mangled link, refused before asking the API. */
export const looksLikeToken = (token: string | undefined): token is string =>
  !!token && token.length >= 10 && token.length <= 200;
