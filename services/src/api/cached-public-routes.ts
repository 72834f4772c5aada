import type { IncomingMessage } from 'node:http';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { PegHealthQuerySchema } from '@xsd/contracts/api/peg';
import { NO_SILVER_DATA_MESSAGE } from '@xsd/contracts/api/prices';
import { PriceHistoryQuerySchema, SilverHistoryQuerySchema } from '@xsd/contracts/api/prices-query';
import { CalendarService } from '../calendar/calendar.service.js';
import { ChainStatusService } from '../chains/status/chain-status.service.js';
import { ApiError } from '../http/api-error.filter.js';
import { queryParser } from '../http/validation.js';
import { NewsService } from '../news/news.service.js';
import { PegService } from '../peg/peg.service.js';
import { PricesService } from '../prices/prices.service.js';
import { publicApiPages } from '../public-api/public-api.controller.js';
import { PublicApiService } from '../public-api/public-api.service.js';
import { rateLimitHeaders, type V1RateLimiter } from '../rate-limit/v1-rate-limit.js';
import type { CachedBody } from '../read-cache/cached-json.js';
import { CACHE_CONTROL } from '../read-cache/reply-cached.js';
import { SilverService } from '../silver/silver.service.js';
import { SiteService } from '../site/site.service.js';
import type { HotRoute } from './hot-lane.js';

/**
 * The hot public reads (what every page and poll asks for, and the charts' windows), served from
 * memory past Nest's pipeline (see HotLane). Bodies are the types of @xsd/contracts/api/*.
 */
export function cachedPublicRoutes(app: INestApplicationContext): HotRoute[] {
  // An app built from some of the modules (a test's) serves the routes of those it has, as its controllers did.
  const routes: HotRoute[] = [];
  const priceHistoryQuery = queryParser(PriceHistoryQuerySchema);
  const pegQuery = queryParser(PegHealthQuerySchema);
  const silverHistoryQuery = queryParser(SilverHistoryQuerySchema);
  const serve = <S>(type: Type<S>, build: (service: S) => HotRoute[]) => {
    const service = provided(app, type);
    if (service !== null) routes.push(...build(service));
  };
  serve(PricesService, (prices) => [
    // LatestPricesResponse.
    { url: '/api/prices/latest', cacheControl: CACHE_CONTROL.latest, answer: () => prices.latest() },
    // PriceHistoryResponse.
    {
      url: '/api/prices/history',
      cacheControl: CACHE_CONTROL.history,
      answer: (query) => prices.history(priceHistoryQuery(query)),
    },
  ]);
  serve(PegService, (peg) => [
    // PegHealthResponse: XSD's deviation from silver per chain over `days` (beyond the spec).
    { url: '/api/prices/peg', cacheControl: CACHE_CONTROL.history, answer: (query) => peg.peg(pegQuery(query)) },
  ]);
  serve(SilverService, (silver) => [
    // SilverLatestResponse, or 404 while no silver price was ever read.
    {
      url: '/api/silver/latest',
      cacheControl: CACHE_CONTROL.latest,
      answer: () => {
        const answer = silver.latest();
        return answer instanceof Promise ? answer.then(foundSilver) : foundSilver(answer);
      },
    },
    // SilverHistoryResponse.
    {
      url: '/api/silver/history',
      cacheControl: CACHE_CONTROL.history,
      answer: (query) => silver.history(silverHistoryQuery(query)),
    },
  ]);
  serve(SiteService, (site) => [
    // SiteSettingsResponse, never stored by the browser: every path checks it for the maintenance screen.
    { url: '/api/site', cacheControl: CACHE_CONTROL.never, answer: () => site.current() },
  ]);
  serve(ChainStatusService, (chains) => [
    // ChainsResponse: all eight networks in display order, with status and maintenance message.
    { url: '/api/chains', cacheControl: CACHE_CONTROL.revalidate, answer: () => chains.list() },
  ]);
  serve(NewsService, (news) => [
    // NewsListResponse: active, unexpired news, most urgent first, content sanitised.
    { url: '/api/news', cacheControl: CACHE_CONTROL.revalidate, answer: () => news.active() },
  ]);
  serve(CalendarService, (calendar) => [
    // CalendarEventsResponse: active events, earliest start first, descriptions sanitised.
    { url: '/api/calendar/events', cacheControl: CACHE_CONTROL.revalidate, answer: () => calendar.events() },
  ]);
  return routes;
}

/**
 * The public API's pages (PublicApiController declares them, and answers what the lane passes on),
 * from the lane in front of it: each page is cached per bucketed window, and the client's budget
 * is counted by the same limiter as the route's hook.
 */
export function publicApiLaneRoutes(app: INestApplicationContext, limiter: V1RateLimiter): HotRoute[] {
  const publicApi = provided(app, PublicApiService);
  if (publicApi === null) return [];
  const pages = publicApiPages(publicApi);
  const limit = (request: IncomingMessage, address: string) => {
    const standing = limiter.take(request, address);
    return standing.allowed ? rateLimitHeaders(standing) : null;
  };
  return [
    {
      url: '/api/v1/prices',
      cacheControl: CACHE_CONTROL.latest,
      limit,
      answer: pages.prices,
    },
    {
      url: '/api/v1/candles',
      cacheControl: CACHE_CONTROL.latest,
      limit,
      answer: pages.candles,
    },
  ];
}

/** The latest silver answer, or the 404 of a process that never read a silver price. */
function foundSilver<T extends CachedBody & { readonly isNull: boolean }>(answer: T): T {
  if (answer.isNull) throw new ApiError(404, 'no_silver_data', NO_SILVER_DATA_MESSAGE);
  return answer;
}

/** The app's instance of `type`, or null when none of its modules provides it. */
function provided<S>(app: INestApplicationContext, type: Type<S>): S | null {
  try {
    return app.get(type, { strict: false });
  } catch {
    return null;
  }
}
