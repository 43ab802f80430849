#!/usr/bin/env node
// `npx portal <command>`: the admin command line (src/cli/), run from the sources through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
