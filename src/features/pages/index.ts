export { FOOTER_PAGES, isFooterPage, PAGE_TITLES, type FooterPage } from './pages.catalog.ts';
export { termsVersionDate, freeReturns, companyInfo, type CompanyInfo } from './pages.service.ts';
export { formatMoney, pricingFor, type Pricing, type BundlePrice } from './pricing.ts';
