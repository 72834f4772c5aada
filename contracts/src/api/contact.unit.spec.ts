import { describe, expect, it } from 'vitest';
import { parseStreamEvent } from './stream.js';
import {
  CONTACT_EMAIL_MESSAGE,
  CONTACT_REPLY_REQUIRED_MESSAGE,
  contactPhotoFileName,
  newMessagesLabel,
  UpdateContactSubmissionSchema,
  CONTACT_REQUIRED_MESSAGE,
  ContactFormSchema,
  detectPhotoType,
  PHOTO_SIGNATURE_BYTES,
} from './contact.js';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])));

const VALID = { name: 'Ada', email: 'ada@example.com', subject: 'Bug Report', message: 'Hello' } as const;

function firstMessage(input: unknown): string | undefined {
  const result = ContactFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('detectPhotoType', () => {
  it('given the four accepted signatures, then each is named', () => {
    expect(detectPhotoType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg');
    expect(detectPhotoType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d))).toBe('png');
    expect(detectPhotoType(bytes('GIF87a', 1, 0))).toBe('gif');
    expect(detectPhotoType(bytes('GIF89a', 1, 0))).toBe('gif');
    expect(detectPhotoType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
  });

  it('given an SVG, text claiming to be a PNG, another RIFF file or a cut header, then none is accepted', () => {
    expect(detectPhotoType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectPhotoType(bytes('not really a png'))).toBeNull();
    expect(detectPhotoType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(detectPhotoType(bytes(0x89, 'PNG', 0x0d, 0x0a))).toBeNull();
    expect(detectPhotoType(bytes('RIFF', 0, 0, 0, 0, 'WEB'))).toBeNull();
    expect(detectPhotoType(new Uint8Array())).toBeNull();
  });

  it('decides within the signature length', () => {
    const webp = bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 ');
    expect(detectPhotoType(webp.subarray(0, PHOTO_SIGNATURE_BYTES))).toBe('webp');
  });
});

describe('ContactFormSchema', () => {
  it('given a complete form, then phone left empty becomes null and text is trimmed', () => {
    expect(ContactFormSchema.parse({ ...VALID, name: '  Ada ', phone: '' })).toEqual({ ...VALID, phone: null });
    expect(ContactFormSchema.parse({ ...VALID, phone: ' +1 555 ' }).phone).toBe('+1 555');
  });

  it.each([
    ['name', { ...VALID, name: '   ' }],
    ['email', { ...VALID, email: '' }],
    ['message', { ...VALID, message: '' }],
    ['subject placeholder', { ...VALID, subject: '' }],
    ['unknown subject', { ...VALID, subject: 'Spam' }],
    ['missing field', { name: 'Ada' }],
  ])('given a missing %s, then the required-fields message', (_label, input) => {
    expect(firstMessage(input)).toBe(CONTACT_REQUIRED_MESSAGE);
  });

  it.each(['ada', 'ada@example', '@example.com', 'ada@.com x', 'a b@example.com'])(
    'given the email %j, then the email message',
    (email) => {
      expect(firstMessage({ ...VALID, email })).toBe(CONTACT_EMAIL_MESSAGE);
    },
  );

  it('given text, at sign, text, dot, text, then the email passes', () => {
    expect(firstMessage({ ...VALID, email: 'x@y.z' })).toBeUndefined();
  });
});

describe('UpdateContactSubmissionSchema', () => {
  it('given a status or a reply, then it is taken (the reply trimmed)', () => {
    expect(UpdateContactSubmissionSchema.parse({ status: 'read' })).toEqual({ status: 'read' });
    expect(UpdateContactSubmissionSchema.parse({ admin_reply: '  Thanks ' })).toEqual({ admin_reply: 'Thanks' });
  });

  it('given a reply of spaces, then the reply message', () => {
    expect(UpdateContactSubmissionSchema.safeParse({ admin_reply: '   ' }).error?.issues[0]?.message).toBe(CONTACT_REPLY_REQUIRED_MESSAGE);
  });

  it.each([{}, { status: 'read', admin_reply: 'x' }, { status: 'replied' }, { status: 'read', extra: 1 }])(
    'given %j, then it is refused',
    (body) => {
      expect(UpdateContactSubmissionSchema.safeParse(body).success).toBe(false);
    },
  );
});

describe('staff display rules', () => {
  it('names a download contact_{id}_{name with spaces as underscores}.jpg', () => {
    expect(contactPhotoFileName('42', 'Ada  King Lovelace')).toBe('contact_42_Ada__King_Lovelace.jpg');
  });

  it('says message for one and messages otherwise', () => {
    expect(newMessagesLabel(1)).toBe('1 new message');
    expect(newMessagesLabel(3)).toBe('3 new messages');
  });
});

describe('the live contact message', () => {
  it('names nothing, whatever a sender put in it', () => {
    expect(parseStreamEvent('contact', '{"id":"x","email":"a@b.c"}')).toEqual({ type: 'contact', data: {} });
  });
});
