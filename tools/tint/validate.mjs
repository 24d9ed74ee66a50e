// Checks WGSL files with Tint (Dawn's WGSL compiler, from the `webgpu` npm package) on the
// headless `null` backend, which runs Tint's complete validation, uniformity analysis included.
//   node tools/tint/validate.mjs FILE.wgsl...
// Prints one line per message and `FILE: ok` or `FILE: invalid`; exits 0 when every file is
// valid, 1 when any is invalid, 2 when no adapter could be created.
import { readFileSync } from 'node:fs';
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);

const files = process.argv.slice(2);
const gpu = create(['backend=null']);
const adapter = await gpu.requestAdapter();
if (adapter === null) {
  console.error('tint: no WebGPU adapter on the null backend');
  process.exit(2);
}
const device = await adapter.requestDevice();

let invalid = 0;
for (const file of files) {
  device.pushErrorScope('validation');
  const shader = device.createShaderModule({ code: readFileSync(file, 'utf8') });
  const { messages } = await shader.getCompilationInfo();
  const error = await device.popErrorScope();
  let bad = error !== null;
  for (const m of messages) {
    console.log(`${file}:${m.lineNum}:${m.linePos}: ${m.type}: ${m.message}`);
    if (m.type === 'error') bad = true;
  }
  console.log(`${file}: ${bad ? 'invalid' : 'ok'}`);
  if (bad) invalid += 1;
}
device.destroy();
process.exit(invalid === 0 ? 0 : 1);
