export {
  isIndexableRoute,
  canonicalRoute,
  alternates,
  shareImageUrl,
  organizationJsonLd,
  sitemapXml,
  robotsTxt,
  type ShareImageCandidate,
} from './seo.ts';
