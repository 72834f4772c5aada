export * from './chains/names.js';
export * from './events/envelope.js';
export * from './events/catalog.js';
export * from './events/price-events.js';
export * from './events/site-events.js';
export * from './api/errors.js';
