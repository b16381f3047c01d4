#!/usr/bin/env node
// hooks/session-start.mjs and what it imports, bundled by core/scripts/bundle-hooks.ts: do not edit (npm run vendor:hooks -w core).
const __bundle_url = require('node:url').pathToFileURL(__filename).href;
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// ../integrations/claude-code/hooks/lib/hook-input.mjs
var MAX_BYTES = 1024 * 1024;
function readHookInput(stdin = process.stdin, timeoutMs = 1e3) {
  return new Promise((resolve) => {
    if (stdin.isTTY) return resolve(void 0);
    const chunks = [];
    let size = 0;
    const timer = setTimeout(() => done(void 0), timeoutMs);
    function done(value) {
      clearTimeout(timer);
      stdin.removeAllListeners("data");
      stdin.removeAllListeners("end");
      stdin.pause();
      resolve(value);
    }
    stdin.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BYTES) return done(void 0);
      chunks.push(chunk);
    });
    stdin.on("end", () => {
      try {
        const value = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        done(value && typeof value === "object" ? value : void 0);
      } catch {
        done(void 0);
      }
    });
    stdin.on("error", () => done(void 0));
  });
}

// ../integrations/claude-code/hooks/lib/knower-http.mjs
var import_node_module = require("node:module");
var require2 = (0, import_node_module.createRequire)(__bundle_url);
function request(settings, method, path7, { body, headers = {}, connectMs = 500, totalMs = 2e3 } = {}) {
  return new Promise((resolve) => {
    let url;
    try {
      url = new URL(settings.url + path7);
    } catch {
      return resolve(void 0);
    }
    const payload = body === void 0 ? void 0 : Buffer.from(JSON.stringify(body));
    const client = url.protocol === "https:" ? require2("node:https") : require2("node:http");
    let done = false;
    const finish = (value) => {
      if (done) return;
      done = true;
      clearTimeout(total);
      clearTimeout(connect);
      resolve(value);
    };
    const req = client.request(
      url,
      {
        method,
        headers: {
          accept: "application/json",
          ...settings.token ? { authorization: `Bearer ${settings.token}` } : {},
          ...payload ? { "content-type": "application/json", "content-length": payload.length } : {},
          ...headers
        }
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          let json;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            json = void 0;
          }
          finish({ status: res.statusCode ?? 0, json });
        });
        res.on("error", () => finish(void 0));
      }
    );
    const total = setTimeout(() => {
      req.destroy();
      finish(void 0);
    }, totalMs);
    const connect = setTimeout(() => {
      req.destroy();
      finish(void 0);
    }, connectMs);
    req.on("socket", (socket) => {
      if (!socket.connecting) clearTimeout(connect);
      else socket.once("connect", () => clearTimeout(connect));
    });
    req.on("error", () => finish(void 0));
    req.end(payload);
  });
}

// ../integrations/claude-code/hooks/lib/repository.mjs
var import_node_module2 = require("node:module");
var import_node_path = __toESM(require("node:path"), 1);
var { statSync } = (0, import_node_module2.createRequire)(__bundle_url)("node:fs");
function repositoryRoot(cwd) {
  let dir = import_node_path.default.resolve(cwd);
  for (; ; ) {
    try {
      statSync(import_node_path.default.join(dir, ".git"));
      return dir;
    } catch {
    }
    const parent = import_node_path.default.dirname(dir);
    if (parent === dir) return import_node_path.default.resolve(cwd);
    dir = parent;
  }
}
var repositoryName = (cwd) => import_node_path.default.basename(repositoryRoot(cwd));

// ../integrations/claude-code/hooks/lib/settings.mjs
var import_node_os = require("node:os");
var import_node_path2 = __toESM(require("node:path"), 1);
var number = (text, fallback, min, max) => {
  const n = Number(text);
  return text !== void 0 && text.trim() !== "" && Number.isInteger(n) ? Math.min(Math.max(n, min), max) : fallback;
};
var MAX_BRIEF_TOKENS = 2400;
function captureEvents(text) {
  const value = (text ?? "").trim().toLowerCase();
  if (value === "" || value === "on" || value === "1" || value === "true") return /* @__PURE__ */ new Set(["precompact", "sessionend"]);
  if (value === "off" || value === "0" || value === "false" || value === "none") return /* @__PURE__ */ new Set();
  return new Set(value.split(/[\s,]+/).filter((e) => e === "precompact" || e === "sessionend"));
}
function readSettings(env = process.env) {
  return {
    url: (env.KNOWER_URL || "http://127.0.0.1:8000").replace(/\/+$/, ""),
    token: env.KNOWER_TOKEN || void 0,
    project: env.KNOWER_PROJECT?.trim() || void 0,
    /** 0 turns the brief off. */
    briefTokens: number(env.KNOWER_BRIEF_TOKENS, 1e3, 0, MAX_BRIEF_TOKENS),
    capture: captureEvents(env.KNOWER_CAPTURE),
    /** The most one capture sends: the latest exchanges that fit. */
    captureChars: number(env.KNOWER_CAPTURE_MAX_CHARS, 6e3, 500, 1e5),
    /** Where the hooks keep how far each session was captured and the spool of captures to send (Claude Code gives each plugin a data folder). */
    dataDir: env.CLAUDE_PLUGIN_DATA || import_node_path2.default.join((0, import_node_os.tmpdir)(), "knower-claude-code")
  };
}

// ../integrations/claude-code/hooks/lib/spool.mjs
var import_node_module4 = require("node:module");
var import_node_path4 = __toESM(require("node:path"), 1);

// ../integrations/claude-code/hooks/lib/durable-file.mjs
var import_node_module3 = require("node:module");
var import_node_path3 = __toESM(require("node:path"), 1);
var { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } = (0, import_node_module3.createRequire)(__bundle_url)("node:fs");
function writeDurably(file, text) {
  const dir = import_node_path3.default.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 448 });
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, "w", 384);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  syncFolder(dir);
}
function syncFolder(dir) {
  let fd;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
  } finally {
    if (fd !== void 0) closeSync(fd);
  }
}

// ../integrations/claude-code/hooks/lib/spool.mjs
var { mkdirSync: mkdirSync2, readdirSync, readFileSync, renameSync: renameSync2, rmSync } = (0, import_node_module4.createRequire)(__bundle_url)("node:fs");
var folder = (settings) => import_node_path4.default.join(settings.dataDir, "spool");
var safe = (session) => session.replace(/[^\w.-]/g, "_");
function pendingCaptures(settings, session) {
  let names;
  try {
    names = readdirSync(folder(settings)).filter((n) => n.endsWith(".json") && (session === void 0 || n.startsWith(`${safe(session)}.`)));
  } catch {
    return [];
  }
  const entries = [];
  for (const name of names) {
    try {
      const entry = JSON.parse(readFileSync(import_node_path4.default.join(folder(settings), name), "utf8"));
      if (entry && typeof entry.key === "string" && typeof entry.session === "string" && Number.isInteger(entry.n)) entries.push({ name, entry });
    } catch {
    }
  }
  return entries.sort((a, b) => String(a.entry.capturedAt).localeCompare(String(b.entry.capturedAt)) || a.entry.n - b.entry.n);
}

// ../integrations/claude-code/hooks/lib/start-sender.mjs
var import_node_module5 = require("node:module");
var import_node_path5 = __toESM(require("node:path"), 1);
var import_node_url = require("node:url");
var require3 = (0, import_node_module5.createRequire)(__bundle_url);
var sender = import_node_path5.default.join(import_node_path5.default.dirname(import_node_path5.default.dirname((0, import_node_url.fileURLToPath)(__bundle_url))), "send-captures.mjs");
function startSender() {
  try {
    const child = require3("node:child_process").spawn(process.execPath, [sender], { detached: true, stdio: "ignore", windowsHide: true });
    child.on("error", () => void 0);
    child.unref();
  } catch {
  }
}

// ../integrations/claude-code/hooks/lib/token-refusal.mjs
var import_node_module6 = require("node:module");
var import_node_path6 = __toESM(require("node:path"), 1);
var { readFileSync: readFileSync2, rmSync: rmSync2 } = (0, import_node_module6.createRequire)(__bundle_url)("node:fs");
var fileOf = (settings) => import_node_path6.default.join(settings.dataDir, "token-refused.json");
var isTokenRefusal = (answer) => answer?.status === 401 || answer?.status === 429 && answer.json?.error === "too_many_wrong_tokens";
function read(settings) {
  try {
    return JSON.parse(readFileSync2(fileOf(settings), "utf8"));
  } catch {
    return void 0;
  }
}
function noteTokenRefused(settings) {
  if (read(settings)) return;
  writeDurably(fileOf(settings), JSON.stringify({ since: (/* @__PURE__ */ new Date()).toISOString(), said: false }));
}
function noteTokenAccepted(settings) {
  rmSync2(fileOf(settings), { force: true });
}
function takeRefusalNotice(settings, waiting) {
  const refusal = read(settings);
  if (!refusal || refusal.said) return void 0;
  writeDurably(fileOf(settings), JSON.stringify({ ...refusal, said: true }));
  const captures = !waiting ? "captures will wait" : waiting === 1 ? "1 capture is waiting" : `${waiting} captures are waiting`;
  return `Knower refused the token: ${captures} in the spool; fix KNOWER_TOKEN (it must be the token the Knower service runs with).`;
}

// ../integrations/claude-code/hooks/session-start.mjs
async function brief(settings) {
  if (settings.briefTokens === 0) return void 0;
  const input = await readHookInput();
  const cwd = typeof input?.cwd === "string" && input.cwd ? input.cwd : process.cwd();
  const query = new URLSearchParams({ repo: repositoryName(cwd), tokens: String(settings.briefTokens) });
  if (settings.project) query.set("project", settings.project);
  const answer = await request(settings, "GET", `/brief?${query}`, { totalMs: 1500 });
  if (isTokenRefusal(answer)) noteTokenRefused(settings);
  else if (answer?.status === 200) noteTokenAccepted(settings);
  const markdown = answer?.status === 200 ? answer.json?.markdown : void 0;
  return typeof markdown === "string" && markdown.trim() ? markdown.trim() : void 0;
}
async function main() {
  const settings = readSettings();
  const markdown = await brief(settings);
  const waiting = pendingCaptures(settings).length;
  const notice = takeRefusalNotice(settings, waiting);
  const output = [notice, markdown].filter(Boolean).join("\n\n");
  if (output) process.stdout.write(`${output}
`);
  if (waiting > 0) startSender();
}
main().then(
  () => process.exit(0),
  () => process.exit(0)
);
