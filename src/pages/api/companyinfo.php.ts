import type { APIRoute } from 'astro';
import { companyInfo } from '../../features/pages/index.ts';
import { json } from '../../server/http.ts';

/** `GET /api/companyinfo.php` (API.md): `{ company }`, the company behind the Host's site. */
export const GET: APIRoute = ({ locals }) =>
  json({ company: companyInfo(locals.site) }, 200, { 'cache-control': 'public, max-age=300' });
