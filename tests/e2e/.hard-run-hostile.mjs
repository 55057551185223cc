import { run } from './harness.mjs';
import './hostile.mjs';
const failed = await run();
process.exit(failed === 0 ? 0 : 1);
