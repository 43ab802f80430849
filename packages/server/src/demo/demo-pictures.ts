import sharp from 'sharp';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const png = async (svg: string) => (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');

/** A company logo as a base64 PNG: its initials on a shield in the company's colours. */
export function logoPng(
  logo: { text: string; colour: string; accent: string },
  name: string,
): Promise<string> {
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="128" viewBox="0 0 480 128">
  <rect width="480" height="128" fill="#ffffff"/>
  <path d="M16 12 h96 v56 q0 40 -48 52 q-48 -12 -48 -52 z" fill="${logo.colour}"/>
  <path d="M40 92 q24 -30 8 -60 q32 20 24 52 q10 -8 12 -20 q12 24 -16 40 z" fill="${logo.accent}"/>
  <text x="64" y="62" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold" fill="#ffffff" text-anchor="middle">${escape(logo.text)}</text>
  <text x="132" y="76" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold" fill="${logo.colour}">${escape(name)}</text>
</svg>`);
}

/** A category picture as a base64 PNG: a tile in the category's colour with its name. */
export function categoryPng(name: string, colour: string): Promise<string> {
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" rx="24" fill="${colour}"/>
  <circle cx="128" cy="104" r="56" fill="none" stroke="#ffffff" stroke-width="14"/>
  <path d="M128 64 q26 30 0 80 q-26 -50 0 -80 z" fill="#ffffff"/>
  <text x="128" y="214" font-family="DejaVu Sans, sans-serif" font-size="22" font-weight="bold" fill="#ffffff" text-anchor="middle">${escape(name)}</text>
</svg>`);
}
