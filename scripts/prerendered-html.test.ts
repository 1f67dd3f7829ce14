import { describe, expect, it } from 'vitest'
import { pageAssets, pageHtml, type BuildManifest } from './prerendered-html.ts'

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

  it('puts the page in #root, its title in <title>, and links only what the shell lacks', () => {
    const html = pageHtml(SHELL, {
      html: '<main><h1>FAQ &amp; more $&</h1></main>',
      title: 'FAQ <& more> — Site',
      assets: pageAssets(manifest, 'features/faq/faq-page.tsx'),
    })
    expect(html).toContain('<div id="root"><main><h1>FAQ &amp; more $&</h1></main></div>')
    expect(html).toContain('<title>FAQ &lt;&amp; more&gt; — Site</title>')
    const links = html.slice(html.indexOf('index-1.css'), html.indexOf('</head>'))
    expect(links.match(/<link [^>]+>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/faq-page-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/form-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/faq-page-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/form-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/api-1.js">',
    ])
  })

  it('keeps the shell’s title when the page sets none, and needs exactly one empty #root', () => {
    const home = pageHtml(SHELL, {
      html: '<main></main>',
      title: null,
      assets: { stylesheets: [], modules: [] },
    })
    expect(home).toContain('<title>Site</title>')
    expect(home.indexOf('</head>') - home.indexOf('index-1.css">')).toBeLessThan(20)
    expect(() =>
      pageHtml(SHELL.replace('<div id="root"></div>', ''), {
        html: '',
        title: null,
        assets: { stylesheets: [], modules: [] },
      }),
    ).toThrow(/#root|id="root"/)
  })
})
