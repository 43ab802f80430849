import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module for each test: it loads the stylesheet once per page. */
async function freshModule() {
  vi.resetModules();
  return import('./antd-static-styles.ts');
}

function antdLinks(): HTMLLinkElement[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-antd-static]')];
}

describe('antd static styles', () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/index.css" id="portal-styles">';
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('adds the stylesheet once, before the portal own styles, and says so when it applies', async () => {
    const { antdStaticStylesApplied, loadAntdStaticStyles } = await freshModule();
    const loading = loadAntdStaticStyles();
    expect(loadAntdStaticStyles()).toBe(loading);
    const links = antdLinks();
    expect(links).toHaveLength(1);
    expect(links[0]!.nextElementSibling?.id).toBe('portal-styles');
    expect(antdStaticStylesApplied()).toBe(false);

    links[0]!.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(true);
    expect(antdStaticStylesApplied()).toBe(true);
  });

  it('leaves antd building its styles at run time when the stylesheet fails', async () => {
    const { antdStaticStylesApplied, loadAntdStaticStyles } = await freshModule();
    const failing = loadAntdStaticStyles();
    antdLinks()[0]!.dispatchEvent(new Event('error'));
    await expect(failing).resolves.toBe(false);
    expect(antdStaticStylesApplied()).toBe(false);
    expect(antdLinks()).toHaveLength(0);
  });
});
