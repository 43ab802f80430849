import antdCssUrl from 'antd/dist/antd.css?url';

/*
 * antd's prebuilt stylesheet for the signed-in screens (issue 27). At run time antd builds each
 * component's styles in JavaScript the first time it is shown, which made the first render of a
 * signed-in screen one long task of 200 to 650 ms; with its prebuilt CSS and `zeroRuntime` it
 * builds none. Tokens still apply: antd writes the theme's design and component tokens (light or
 * dark, the portal's colours) as CSS variables at run time, and the prebuilt rules read them.
 *
 * The sign-in page does without (its few components keep antd's run-time styles, a signed-out
 * visit fetches no stylesheet of 75 KB, and its first load carries none of this code): the main
 * layout's route fetches this module beside the layout's code and waits for the stylesheet.
 */

let applied = false;
let pending: Promise<boolean> | undefined;

/**
 * Adds antd's stylesheet to the page once and answers whether it applies. It goes before the
 * portal's own stylesheet (global.css), whose rules over antd's classes must keep winning. A failed
 * fetch answers false: antd then keeps building its styles at run time, slower but the same.
 */
export function loadAntdStaticStyles(): Promise<boolean> {
  pending ??= new Promise<boolean>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = antdCssUrl;
    link.dataset.antdStatic = '';
    link.onload = () => {
      applied = true;
      resolve(true);
    };
    link.onerror = () => {
      link.remove();
      resolve(false);
    };
    const portalStyles = document.head.querySelector('link[rel="stylesheet"], style[data-vite-dev-id]');
    document.head.insertBefore(link, portalStyles);
  });
  return pending;
}

/** Whether antd's prebuilt stylesheet applies, so the components rendered from now on may skip building styles. */
export function antdStaticStylesApplied(): boolean {
  return applied;
}
