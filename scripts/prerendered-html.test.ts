import { describe, expect, it } from 'vitest'
import { pageAssets, pageHtml, stylesheetsOfPage, type BuildManifest } from './prerendered-html.ts'

const manifest: BuildManifest = {
  'main.tsx': {
    file: 'assets/index-1.js',
    css: ['assets/index-1.css'],
    imports: ['_store.js'],
  },
  '_store.js': { file: 'assets/store-1.js' },
  '_api.js': { file: 'assets/api-1.js', imports: ['_store.js'] },
  '_form.js': { file: 'assets/form-1.js', css: ['assets/form-1.css'], imports: ['_api.js'] },
  'features/faq/faq-page.tsx': {
    file: 'assets/faq-page-1.js',
    css: ['assets/faq-page-1.css'],
    imports: ['_form.js', '_store.js'],
    isDynamicEntry: true,
  },
}

const SHELL = [
  '<!doctype html><html><head><title>Site</title>',
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/store-1.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">',
  '  </head><body><div id="root"></div></body></html>',
].join('\n')

const CSS = {
  '/assets/index-1.css': 'body{margin:0}\n',
  '/assets/faq-page-1.css': '._q_1{color:red}',
  '/assets/form-1.css': '._f_1{gap:1rem}',
}

describe('a prerendered page’s HTML', () => {
  it('links what the page module loads: its chunk, the chunks it imports, their CSS', () => {
    expect(pageAssets(manifest, 'features/faq/faq-page.tsx')).toEqual({
      modules: [
        '/assets/faq-page-1.js',
        '/assets/form-1.js',
        '/assets/api-1.js',
        '/assets/store-1.js',
      ],
      stylesheets: ['/assets/faq-page-1.css', '/assets/form-1.css'],
    })
  })

  it('refuses a module the build did not split out', () => {
    expect(() => pageAssets(manifest, 'main.tsx')).toThrow(/not a chunk loaded on demand/)
    expect(() => pageAssets(manifest, 'features/nope.tsx')).toThrow(/not a chunk loaded on demand/)
  })

  it('puts the page in #root, its title in <title>, and preloads only what the shell lacks', () => {
    const html = pageHtml(SHELL, {
      html: '<main><h1>FAQ &amp; more $&</h1></main>',
      title: 'FAQ <& more> — Site',
      assets: pageAssets(manifest, 'features/faq/faq-page.tsx'),
      css: CSS,
    })
    expect(html).toContain('<div id="root"><main><h1>FAQ &amp; more $&</h1></main></div>')
    expect(html).toContain('<title>FAQ &lt;&amp; more&gt; — Site</title>')
    const preloads = html.match(/<link rel="modulepreload"[^>]+>/g)
    expect(preloads).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/store-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/faq-page-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/form-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/api-1.js">',
    ])
  })

  it('writes every stylesheet into the page, in load order, each marked as present', () => {
    const assets = pageAssets(manifest, 'features/faq/faq-page.tsx')
    const html = pageHtml(SHELL, { html: '<main></main>', title: null, assets, css: CSS })
    expect(stylesheetsOfPage(SHELL, assets)).toEqual([
      '/assets/index-1.css',
      '/assets/faq-page-1.css',
      '/assets/form-1.css',
    ])
    expect(
      [...html.matchAll(/<style data-href="([^"]+)">([^<]*)<\/style>/g)].map((m) => m.slice(1)),
    ).toEqual([
      ['/assets/index-1.css', 'body{margin:0}'],
      ['/assets/faq-page-1.css', '._q_1{color:red}'],
      ['/assets/form-1.css', '._f_1{gap:1rem}'],
    ])
    // No stylesheet is fetched: each link left is disabled, there for Vite's loader to see.
    const stylesheetLinks = html.match(/<link rel="stylesheet"[^>]*>/g) ?? []
    expect(stylesheetLinks).toHaveLength(3)
    for (const link of stylesheetLinks) expect(link).toMatch(/ disabled>$/)
    expect(html.indexOf('index-1.css')).toBeLessThan(html.indexOf('faq-page-1.css'))
  })

  it('refuses a stylesheet it has no text for, or one that would close its <style>', () => {
    const assets = pageAssets(manifest, 'features/faq/faq-page.tsx')
    const page = { html: '<main></main>', title: null, assets }
    expect(() => pageHtml(SHELL, { ...page, css: { '/assets/index-1.css': '' } })).toThrow(
      /no text for the stylesheet \/assets\/faq-page-1.css/,
    )
    expect(() =>
      pageHtml(SHELL, { ...page, css: { ...CSS, '/assets/form-1.css': 'a{}</style><script>' } }),
    ).toThrow(/cannot go inside a <style>/)
  })

  it('keeps the shell’s title when the page sets none, and needs exactly one empty #root', () => {
    const home = pageHtml(SHELL, {
      html: '<main></main>',
      title: null,
      assets: { stylesheets: [], modules: [] },
      css: CSS,
    })
    expect(home).toContain('<title>Site</title>')
    expect(home.match(/<link [^>]+>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/store-1.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled>',
    ])
    expect(() =>
      pageHtml(SHELL.replace('<div id="root"></div>', ''), {
        html: '',
        title: null,
        assets: { stylesheets: [], modules: [] },
        css: CSS,
      }),
    ).toThrow(/#root|id="root"/)
  })
})
