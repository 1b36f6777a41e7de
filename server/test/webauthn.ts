import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software authenticator for the API tests (decision 038): an ES256 key pair from node:crypto, the
 * authenticator data, clientDataJSON and a "none" attestation in CBOR built byte by byte as the WebAuthn
 * specification lays them out, and assertions signed with the private key. The server's verifier
 * (@simplewebauthn/server) checks them as it would a browser's: no part of it is stubbed.
 */

/** The CBOR subset a "none" attestation and a COSE key need: maps, integers, byte and text strings. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface SoftAuthenticatorOptions {
  /** The page's origin the browser would put in clientDataJSON. */
  origin: string;
  /** Backed up and eligible (a synced passkey, "multiDevice"); default a single-device one. */
  synced?: boolean;
}

/** One passkey on a software authenticator. */
export class SoftPasskey {
  readonly credentialId = randomBytes(32);
  /** The signature counter; each assertion adds one unless told otherwise. */
  counter = 0;
  userHandle: string | undefined;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };

  private readonly opts: SoftAuthenticatorOptions;

  constructor(opts: SoftAuthenticatorOptions) {
    this.opts = opts;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id() {
    return b64url(this.credentialId);
  }

  private flags(extra: number) {
    return UP | UV | extra | (this.opts.synced ? BE | BS : 0);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** The COSE_Key of the public key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y. */
  private coseKey() {
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
  }

  /**
   * navigator.credentials.create()'s answer to these options, as RegistrationResponseJSON. `override` makes a
   * wrong one on purpose (another challenge, origin or relying party).
   */
  register(
    options: CreationOptions,
    override: { challenge?: string; origin?: string; rpId?: string; userVerified?: boolean } = {},
  ) {
    this.userHandle = options.user.id;
    const rpId = override.rpId ?? options.rp.id ?? new URL(this.opts.origin).hostname;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const flags = this.flags(AT) & (override.userVerified === false ? ~UV : 0xff);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      counter,
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      'webauthn.create',
      override.challenge ?? options.challenge,
      override.origin ?? this.opts.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get()'s answer, as AuthenticationResponseJSON, signed with the private key.
   * `counter` sets the signature counter (a regression on purpose); by default it moves on by one.
   */
  assert(
    options: RequestOptions,
    override: { challenge?: string; origin?: string; counter?: number; userVerified?: boolean } = {},
  ) {
    this.counter = override.counter ?? this.counter + 1;
    const rpId = options.rpId ?? new URL(this.opts.origin).hostname;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const flags = this.flags(0) & (override.userVerified === false ? ~UV : 0xff);
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      override.challenge ?? options.challenge,
      override.origin ?? this.opts.origin,
    );
    // ES256: ECDSA over authenticatorData || SHA-256(clientDataJSON), DER-encoded as WebAuthn wants it.
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.userHandle && { userHandle: this.userHandle }),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}

/** A challenge no server issued, in the encoding servers use. */
export const strangerChallenge = () => b64url(randomBytes(32));
