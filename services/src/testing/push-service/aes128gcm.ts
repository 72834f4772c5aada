/**
 * The browser's half of web push encryption, for the loopback push receiver: a subscription's
 * P-256 key pair and auth secret (what `pushManager.subscribe()` makes), and decryption of an
 * `aes128gcm` push message body (RFC 8188 record, RFC 8291 key derivation) with them.
 *
 * Written on node:crypto rather than with `http_ece`, the library `web-push` encrypts with, so the
 * tests check the sender against an independent reading of the RFCs.
 */
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';

export interface SubscriberKeys {
  /** Holds the private key; `computeSecret` gives the ECDH secret with the sender's key. */
  readonly ecdh: ECDH;
  /** Uncompressed P-256 point, 65 bytes (the subscription's `keys.p256dh`). */
  readonly publicKey: Buffer;
  /** 16 random bytes (the subscription's `keys.auth`). */
  readonly authSecret: Buffer;
}

/** A new key pair and auth secret. Cheap (well under a millisecond), so 10,000 take about a second. */
export function createSubscriberKeys(): SubscriberKeys {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  return { ecdh, publicKey, authSecret: randomBytes(16) };
}

/** Keys from known values (the RFC 8291 example), base64url. */
export function subscriberKeysFrom(privateKey: string, authSecret: string): SubscriberKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return { ecdh, publicKey: ecdh.getPublicKey(), authSecret: Buffer.from(authSecret, 'base64url') };
}

/** Why a body could not be decrypted; the receiver answers 400 with this reason. */
export class PushDecryptError extends Error {
  override readonly name = 'PushDecryptError';
}

const SALT_LENGTH = 16;
const HEADER_LENGTH = SALT_LENGTH + 4 + 1; // salt, record size (uint32), key id length
const P256_POINT_LENGTH = 65;
const TAG_LENGTH = 16;
/** RFC 8188 section 2: the smallest record holds a tag, a delimiter and one byte of padding room. */
const MIN_RECORD_SIZE = 18;
const LAST_RECORD_DELIMITER = 0x02;

const KEY_INFO_PREFIX = Buffer.from('WebPush: info\0', 'latin1');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0', 'latin1');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0', 'latin1');

/**
 * Decrypts an `aes128gcm` push message body. RFC 8291 section 4: the key id is the application
 * server's ephemeral public key and the message is exactly one record, so only a single record is
 * accepted. Throws PushDecryptError when the body is malformed or does not authenticate.
 */
export function decryptPushMessage(body: Buffer, keys: SubscriberKeys): Buffer {
  if (body.length < HEADER_LENGTH) throw new PushDecryptError('aes128gcm header is truncated');
  const salt = body.subarray(0, SALT_LENGTH);
  const recordSize = body.readUInt32BE(SALT_LENGTH);
  const keyIdLength = body[SALT_LENGTH + 4];
  if (recordSize < MIN_RECORD_SIZE) throw new PushDecryptError(`aes128gcm record size ${recordSize} is below ${MIN_RECORD_SIZE}`);
  if (keyIdLength !== P256_POINT_LENGTH) {
    throw new PushDecryptError(`aes128gcm key id must be the sender's 65-byte P-256 key, got ${keyIdLength} bytes`);
  }
  const senderPublicKey = body.subarray(HEADER_LENGTH, HEADER_LENGTH + keyIdLength);
  const record = body.subarray(HEADER_LENGTH + keyIdLength);
  if (senderPublicKey.length !== keyIdLength) throw new PushDecryptError('aes128gcm key id is truncated');
  if (record.length < TAG_LENGTH + 1) throw new PushDecryptError('aes128gcm record is too short');
  if (record.length > recordSize) throw new PushDecryptError('a push message must be a single aes128gcm record');

  let sharedSecret: Buffer;
  try {
    sharedSecret = keys.ecdh.computeSecret(senderPublicKey);
  } catch {
    throw new PushDecryptError("the sender's public key is not a P-256 point");
  }
  const keyInfo = Buffer.concat([KEY_INFO_PREFIX, keys.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, keys.authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  // The nonce of record 0 is the derived nonce itself (XOR with sequence number 0).
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));

  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_LENGTH)), decipher.final()]);
  } catch {
    throw new PushDecryptError('aes128gcm record does not authenticate with the subscription keys');
  }
  // Plaintext, then the delimiter (2 for the last record), then any number of zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== LAST_RECORD_DELIMITER) throw new PushDecryptError('aes128gcm record has no last-record delimiter');
  return padded.subarray(0, end);
}
