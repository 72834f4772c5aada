/** Injection tokens for the infrastructure every service shares. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const DATABASE = Symbol('DATABASE');
export const EVENT_LOG = Symbol('EVENT_LOG');
