import { theme } from 'antd';

/** The portal's mark, a letter on the primary colour: the sign-in page, the menu and the help pages. */
export function BrandMark({ size = 28 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <span
      aria-hidden
      style={{
        flex: 'none',
        width: size,
        height: size,
        borderRadius: Math.round(size / 4.5),
        background: token.colorPrimary,
        color: '#fff',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 700,
        fontSize: size > 30 ? 18 : undefined,
      }}
    >
      F
    </span>
  );
}
