/** Injection tokens for the infrastructure every service shares. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const DATABASE = Symbol('DATABASE');
export const EVENT_LOG = Symbol('EVENT_LOG');
/**
 * An https.Agent for web push requests. Unset, the sender uses its own keep-alive agent; in-process
 * tests provide one that trusts the loopback push receiver's self-signed certificate.
 */
export const PUSH_HTTPS_AGENT = Symbol('PUSH_HTTPS_AGENT');
