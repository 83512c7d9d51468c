/** What the landing page's Product offer tells search engines: "InStock" or "OutOfStock". */
export const offerAvailability = (html: string) =>
  html.match(/"availability":"https:\/\/schema\.org\/(\w+)"/)?.[1];
