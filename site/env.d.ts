interface ImportMetaEnv {
  /** The year the site was built in (site/vite.config.ts); absent in unit tests. */
  readonly SITE_BUILD_YEAR?: string
}
