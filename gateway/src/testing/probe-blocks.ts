/** The engine's probe blocks and apps, for the gateway's tests: no AI, fully controllable. */
export * from '@blocksmith/engine/testing';
