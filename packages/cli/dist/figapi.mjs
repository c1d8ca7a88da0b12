#!/usr/bin/env node
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
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

// node_modules/picomatch/lib/constants.js
var require_constants = __commonJS({
  "node_modules/picomatch/lib/constants.js"(exports, module) {
    "use strict";
    var WIN_SLASH = "\\\\/";
    var WIN_NO_SLASH = `[^${WIN_SLASH}]`;
    var DEFAULT_MAX_EXTGLOB_RECURSION = 0;
    var DOT_LITERAL = "\\.";
    var PLUS_LITERAL = "\\+";
    var QMARK_LITERAL = "\\?";
    var SLASH_LITERAL = "\\/";
    var ONE_CHAR = "(?=.)";
    var QMARK = "[^/]";
    var END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
    var START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
    var DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
    var NO_DOT = `(?!${DOT_LITERAL})`;
    var NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
    var NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
    var NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
    var QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
    var STAR = `${QMARK}*?`;
    var SEP = "/";
    var POSIX_CHARS = {
      DOT_LITERAL,
      PLUS_LITERAL,
      QMARK_LITERAL,
      SLASH_LITERAL,
      ONE_CHAR,
      QMARK,
      END_ANCHOR,
      DOTS_SLASH,
      NO_DOT,
      NO_DOTS,
      NO_DOT_SLASH,
      NO_DOTS_SLASH,
      QMARK_NO_DOT,
      STAR,
      START_ANCHOR,
      SEP
    };
    var WINDOWS_CHARS = {
      ...POSIX_CHARS,
      SLASH_LITERAL: `[${WIN_SLASH}]`,
      QMARK: WIN_NO_SLASH,
      STAR: `${WIN_NO_SLASH}*?`,
      DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
      NO_DOT: `(?!${DOT_LITERAL})`,
      NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
      NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
      START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
      END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
      SEP: "\\"
    };
    var POSIX_REGEX_SOURCE = {
      __proto__: null,
      alnum: "a-zA-Z0-9",
      alpha: "a-zA-Z",
      ascii: "\\x00-\\x7F",
      blank: " \\t",
      cntrl: "\\x00-\\x1F\\x7F",
      digit: "0-9",
      graph: "\\x21-\\x7E",
      lower: "a-z",
      print: "\\x20-\\x7E ",
      punct: "\\-!\"#$%&'()\\*+,./:;<=>?@[\\]^_`{|}~",
      space: " \\t\\r\\n\\v\\f",
      upper: "A-Z",
      word: "A-Za-z0-9_",
      xdigit: "A-Fa-f0-9"
    };
    module.exports = {
      DEFAULT_MAX_EXTGLOB_RECURSION,
      MAX_LENGTH: 1024 * 64,
      POSIX_REGEX_SOURCE,
      // regular expressions
      REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
      REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
      REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
      REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
      REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
      REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,
      // Replace globs with equivalent patterns to reduce parsing time.
      REPLACEMENTS: {
        __proto__: null,
        "***": "*",
        "**/**": "**",
        "**/**/**": "**"
      },
      // Digits
      CHAR_0: 48,
      /* 0 */
      CHAR_9: 57,
      /* 9 */
      // Alphabet chars.
      CHAR_UPPERCASE_A: 65,
      /* A */
      CHAR_LOWERCASE_A: 97,
      /* a */
      CHAR_UPPERCASE_Z: 90,
      /* Z */
      CHAR_LOWERCASE_Z: 122,
      /* z */
      CHAR_LEFT_PARENTHESES: 40,
      /* ( */
      CHAR_RIGHT_PARENTHESES: 41,
      /* ) */
      CHAR_ASTERISK: 42,
      /* * */
      // Non-alphabetic chars.
      CHAR_AMPERSAND: 38,
      /* & */
      CHAR_AT: 64,
      /* @ */
      CHAR_BACKWARD_SLASH: 92,
      /* \ */
      CHAR_CARRIAGE_RETURN: 13,
      /* \r */
      CHAR_CIRCUMFLEX_ACCENT: 94,
      /* ^ */
      CHAR_COLON: 58,
      /* : */
      CHAR_COMMA: 44,
      /* , */
      CHAR_DOT: 46,
      /* . */
      CHAR_DOUBLE_QUOTE: 34,
      /* " */
      CHAR_EQUAL: 61,
      /* = */
      CHAR_EXCLAMATION_MARK: 33,
      /* ! */
      CHAR_FORM_FEED: 12,
      /* \f */
      CHAR_FORWARD_SLASH: 47,
      /* / */
      CHAR_GRAVE_ACCENT: 96,
      /* ` */
      CHAR_HASH: 35,
      /* # */
      CHAR_HYPHEN_MINUS: 45,
      /* - */
      CHAR_LEFT_ANGLE_BRACKET: 60,
      /* < */
      CHAR_LEFT_CURLY_BRACE: 123,
      /* { */
      CHAR_LEFT_SQUARE_BRACKET: 91,
      /* [ */
      CHAR_LINE_FEED: 10,
      /* \n */
      CHAR_NO_BREAK_SPACE: 160,
      /* \u00A0 */
      CHAR_PERCENT: 37,
      /* % */
      CHAR_PLUS: 43,
      /* + */
      CHAR_QUESTION_MARK: 63,
      /* ? */
      CHAR_RIGHT_ANGLE_BRACKET: 62,
      /* > */
      CHAR_RIGHT_CURLY_BRACE: 125,
      /* } */
      CHAR_RIGHT_SQUARE_BRACKET: 93,
      /* ] */
      CHAR_SEMICOLON: 59,
      /* ; */
      CHAR_SINGLE_QUOTE: 39,
      /* ' */
      CHAR_SPACE: 32,
      /*   */
      CHAR_TAB: 9,
      /* \t */
      CHAR_UNDERSCORE: 95,
      /* _ */
      CHAR_VERTICAL_LINE: 124,
      /* | */
      CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279,
      /* \uFEFF */
      /**
       * Create EXTGLOB_CHARS
       */
      extglobChars(chars) {
        return {
          "!": { type: "negate", open: "(?:(?!(?:", close: `))${chars.STAR})` },
          "?": { type: "qmark", open: "(?:", close: ")?" },
          "+": { type: "plus", open: "(?:", close: ")+" },
          "*": { type: "star", open: "(?:", close: ")*" },
          "@": { type: "at", open: "(?:", close: ")" }
        };
      },
      /**
       * Create GLOB_CHARS
       */
      globChars(win32) {
        return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
      }
    };
  }
});

// node_modules/picomatch/lib/utils.js
var require_utils = __commonJS({
  "node_modules/picomatch/lib/utils.js"(exports) {
    "use strict";
    var {
      REGEX_BACKSLASH,
      REGEX_REMOVE_BACKSLASH,
      REGEX_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_GLOBAL
    } = require_constants();
    exports.isObject = (val) => val !== null && typeof val === "object" && !Array.isArray(val);
    exports.hasRegexChars = (str2) => REGEX_SPECIAL_CHARS.test(str2);
    exports.isRegexChar = (str2) => str2.length === 1 && exports.hasRegexChars(str2);
    exports.escapeRegex = (str2) => str2.replace(REGEX_SPECIAL_CHARS_GLOBAL, "\\$1");
    exports.toPosixSlashes = (str2) => str2.replace(REGEX_BACKSLASH, "/");
    exports.isWindows = () => {
      if (typeof navigator !== "undefined" && navigator.platform) {
        const platform = navigator.platform.toLowerCase();
        return platform === "win32" || platform === "windows";
      }
      if (typeof process !== "undefined" && process.platform) {
        return process.platform === "win32";
      }
      return false;
    };
    exports.removeBackslashes = (str2) => {
      return str2.replace(REGEX_REMOVE_BACKSLASH, (match) => {
        return match === "\\" ? "" : match;
      });
    };
    exports.escapeLast = (input, char, lastIdx) => {
      const idx = input.lastIndexOf(char, lastIdx);
      if (idx === -1) return input;
      if (input[idx - 1] === "\\") return exports.escapeLast(input, char, idx - 1);
      return `${input.slice(0, idx)}\\${input.slice(idx)}`;
    };
    exports.removePrefix = (input, state = {}) => {
      let output = input;
      if (output.startsWith("./")) {
        output = output.slice(2);
        state.prefix = "./";
      }
      return output;
    };
    exports.wrapOutput = (input, state = {}, options = {}) => {
      const prepend = options.contains ? "" : "^";
      const append = options.contains ? "" : "$";
      let output = `${prepend}(?:${input})${append}`;
      if (state.negated === true) {
        output = `(?:^(?!${output}).*$)`;
      }
      return output;
    };
    exports.basename = (path, { windows } = {}) => {
      const segs = path.split(windows ? /[\\/]/ : "/");
      const last = segs[segs.length - 1];
      if (last === "") {
        return segs[segs.length - 2];
      }
      return last;
    };
  }
});

// node_modules/picomatch/lib/scan.js
var require_scan = __commonJS({
  "node_modules/picomatch/lib/scan.js"(exports, module) {
    "use strict";
    var utils = require_utils();
    var {
      CHAR_ASTERISK,
      /* * */
      CHAR_AT,
      /* @ */
      CHAR_BACKWARD_SLASH,
      /* \ */
      CHAR_COMMA,
      /* , */
      CHAR_DOT,
      /* . */
      CHAR_EXCLAMATION_MARK,
      /* ! */
      CHAR_FORWARD_SLASH,
      /* / */
      CHAR_LEFT_CURLY_BRACE,
      /* { */
      CHAR_LEFT_PARENTHESES,
      /* ( */
      CHAR_LEFT_SQUARE_BRACKET,
      /* [ */
      CHAR_PLUS,
      /* + */
      CHAR_QUESTION_MARK,
      /* ? */
      CHAR_RIGHT_CURLY_BRACE,
      /* } */
      CHAR_RIGHT_PARENTHESES,
      /* ) */
      CHAR_RIGHT_SQUARE_BRACKET
      /* ] */
    } = require_constants();
    var isPathSeparator = (code) => {
      return code === CHAR_FORWARD_SLASH || code === CHAR_BACKWARD_SLASH;
    };
    var depth = (token) => {
      if (token.isPrefix !== true) {
        token.depth = token.isGlobstar ? Infinity : 1;
      }
    };
    var scan = (input, options) => {
      const opts = options || {};
      const length = input.length - 1;
      const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
      const slashes = [];
      const tokens = [];
      const parts = [];
      let str2 = input;
      let index = -1;
      let start = 0;
      let lastIndex = 0;
      let isBrace = false;
      let isBracket = false;
      let isGlob = false;
      let isExtglob = false;
      let isGlobstar = false;
      let braceEscaped = false;
      let backslashes = false;
      let negated = false;
      let negatedExtglob = false;
      let finished = false;
      let braces = 0;
      let prev;
      let code;
      let token = { value: "", depth: 0, isGlob: false };
      const eos = () => index >= length;
      const peek = () => str2.charCodeAt(index + 1);
      const advance = () => {
        prev = code;
        return str2.charCodeAt(++index);
      };
      while (index < length) {
        code = advance();
        let next;
        if (code === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          code = advance();
          if (code === CHAR_LEFT_CURLY_BRACE) {
            braceEscaped = true;
          }
          continue;
        }
        if (braceEscaped === true || code === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          while (eos() !== true && (code = advance())) {
            if (code === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (code === CHAR_LEFT_CURLY_BRACE) {
              braces++;
              continue;
            }
            if (braceEscaped !== true && code === CHAR_DOT && (code = advance()) === CHAR_DOT) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (braceEscaped !== true && code === CHAR_COMMA) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (code === CHAR_RIGHT_CURLY_BRACE) {
              braces--;
              if (braces === 0) {
                braceEscaped = false;
                isBrace = token.isBrace = true;
                finished = true;
                break;
              }
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_FORWARD_SLASH) {
          slashes.push(index);
          tokens.push(token);
          token = { value: "", depth: 0, isGlob: false };
          if (finished === true) continue;
          if (prev === CHAR_DOT && index === start + 1) {
            start += 2;
            continue;
          }
          lastIndex = index + 1;
          continue;
        }
        if (opts.noext !== true) {
          const isExtglobChar = code === CHAR_PLUS || code === CHAR_AT || code === CHAR_ASTERISK || code === CHAR_QUESTION_MARK || code === CHAR_EXCLAMATION_MARK;
          if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
            isGlob = token.isGlob = true;
            isExtglob = token.isExtglob = true;
            finished = true;
            if (code === CHAR_EXCLAMATION_MARK && index === start) {
              negatedExtglob = true;
            }
            if (scanToEnd === true) {
              let parens = 0;
              while (eos() !== true && (code = advance())) {
                if (code === CHAR_BACKWARD_SLASH) {
                  backslashes = token.backslashes = true;
                  advance();
                  continue;
                }
                if (code === CHAR_LEFT_PARENTHESES) {
                  parens++;
                  continue;
                }
                if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                  finished = true;
                  break;
                }
              }
              continue;
            }
            break;
          }
        }
        if (code === CHAR_ASTERISK) {
          if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_QUESTION_MARK) {
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_LEFT_SQUARE_BRACKET) {
          while (eos() !== true && (next = advance())) {
            if (next === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (next === CHAR_RIGHT_SQUARE_BRACKET) {
              isBracket = token.isBracket = true;
              isGlob = token.isGlob = true;
              finished = true;
              break;
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (opts.nonegate !== true && code === CHAR_EXCLAMATION_MARK && index === start) {
          negated = token.negated = true;
          start++;
          continue;
        }
        if (opts.noparen !== true && code === CHAR_LEFT_PARENTHESES) {
          isGlob = token.isGlob = true;
          if (scanToEnd === true) {
            let parens = 1;
            while (eos() !== true && (code = advance())) {
              if (code === CHAR_BACKWARD_SLASH) {
                backslashes = token.backslashes = true;
                advance();
                continue;
              }
              if (code === CHAR_LEFT_PARENTHESES) {
                parens++;
                continue;
              }
              if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                finished = true;
                break;
              }
            }
            continue;
          }
          break;
        }
        if (isGlob === true) {
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
      }
      if (opts.noext === true) {
        isExtglob = false;
        isGlob = false;
      }
      let base = str2;
      let prefix = "";
      let glob2 = "";
      if (start > 0) {
        prefix = str2.slice(0, start);
        str2 = str2.slice(start);
        lastIndex -= start;
      }
      if (base && isGlob === true && lastIndex > 0) {
        base = str2.slice(0, lastIndex);
        glob2 = str2.slice(lastIndex);
      } else if (isGlob === true) {
        base = "";
        glob2 = str2;
      } else {
        base = str2;
      }
      if (base && base !== "" && base !== "/" && base !== str2) {
        if (isPathSeparator(base.charCodeAt(base.length - 1))) {
          base = base.slice(0, -1);
        }
      }
      if (opts.unescape === true) {
        if (glob2) glob2 = utils.removeBackslashes(glob2);
        if (base && backslashes === true) {
          base = utils.removeBackslashes(base);
        }
      }
      const state = {
        prefix,
        input,
        start,
        base,
        glob: glob2,
        isBrace,
        isBracket,
        isGlob,
        isExtglob,
        isGlobstar,
        negated,
        negatedExtglob
      };
      if (opts.tokens === true) {
        state.maxDepth = 0;
        if (!isPathSeparator(code)) {
          tokens.push(token);
        }
        state.tokens = tokens;
      }
      if (opts.parts === true || opts.tokens === true) {
        let prevIndex;
        for (let idx = 0; idx < slashes.length; idx++) {
          const n2 = prevIndex !== void 0 ? prevIndex + 1 : start;
          const i = slashes[idx];
          const value2 = input.slice(n2, i);
          if (opts.tokens) {
            if (idx === 0 && start !== 0) {
              tokens[idx].isPrefix = true;
              tokens[idx].value = prefix;
            } else {
              tokens[idx].value = value2;
            }
            depth(tokens[idx]);
            state.maxDepth += tokens[idx].depth;
          }
          if (i >= start) {
            parts.push(value2);
            prevIndex = i;
          }
        }
        const n = prevIndex !== void 0 ? prevIndex + 1 : start;
        const value = input.slice(n);
        parts.push(value);
        if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
          tokens[tokens.length - 1].value = value;
          depth(tokens[tokens.length - 1]);
          state.maxDepth += tokens[tokens.length - 1].depth;
        }
        state.slashes = slashes;
        state.parts = parts;
      }
      return state;
    };
    module.exports = scan;
  }
});

// node_modules/picomatch/lib/parse.js
var require_parse = __commonJS({
  "node_modules/picomatch/lib/parse.js"(exports, module) {
    "use strict";
    var constants = require_constants();
    var utils = require_utils();
    var {
      MAX_LENGTH,
      POSIX_REGEX_SOURCE,
      REGEX_NON_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_BACKREF,
      REPLACEMENTS
    } = constants;
    var expandRange = (args, options) => {
      if (typeof options.expandRange === "function") {
        return options.expandRange(...args, options);
      }
      args.sort();
      const value = `[${args.join("-")}]`;
      try {
        new RegExp(value);
      } catch (ex) {
        return args.map((v) => utils.escapeRegex(v)).join("..");
      }
      return value;
    };
    var syntaxError = (type, char) => {
      return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
    };
    var splitTopLevel = (input) => {
      const parts = [];
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let value = "";
      let escaped = false;
      for (const ch of input) {
        if (escaped === true) {
          value += ch;
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          value += ch;
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          value += ch;
          continue;
        }
        if (quote === 0) {
          if (ch === "[") {
            bracket++;
          } else if (ch === "]" && bracket > 0) {
            bracket--;
          } else if (bracket === 0) {
            if (ch === "(") {
              paren++;
            } else if (ch === ")" && paren > 0) {
              paren--;
            } else if (ch === "|" && paren === 0) {
              parts.push(value);
              value = "";
              continue;
            }
          }
        }
        value += ch;
      }
      parts.push(value);
      return parts;
    };
    var isPlainBranch = (branch) => {
      let escaped = false;
      for (const ch of branch) {
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (/[?*+@!()[\]{}]/.test(ch)) {
          return false;
        }
      }
      return true;
    };
    var normalizeSimpleBranch = (branch) => {
      let value = branch.trim();
      let changed = true;
      while (changed === true) {
        changed = false;
        if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
          value = value.slice(2, -1);
          changed = true;
        }
      }
      if (!isPlainBranch(value)) {
        return;
      }
      return value.replace(/\\(.)/g, "$1");
    };
    var hasRepeatedCharPrefixOverlap = (branches) => {
      const values = branches.map(normalizeSimpleBranch).filter(Boolean);
      for (let i = 0; i < values.length; i++) {
        for (let j = i + 1; j < values.length; j++) {
          const a = values[i];
          const b = values[j];
          const char = a[0];
          if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
            continue;
          }
          if (a === b || a.startsWith(b) || b.startsWith(a)) {
            return true;
          }
        }
      }
      return false;
    };
    var parseRepeatedExtglob = (pattern, requireEnd = true) => {
      if (pattern[0] !== "+" && pattern[0] !== "*" || pattern[1] !== "(") {
        return;
      }
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let escaped = false;
      for (let i = 1; i < pattern.length; i++) {
        const ch = pattern[i];
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          continue;
        }
        if (quote === 1) {
          continue;
        }
        if (ch === "[") {
          bracket++;
          continue;
        }
        if (ch === "]" && bracket > 0) {
          bracket--;
          continue;
        }
        if (bracket > 0) {
          continue;
        }
        if (ch === "(") {
          paren++;
          continue;
        }
        if (ch === ")") {
          paren--;
          if (paren === 0) {
            if (requireEnd === true && i !== pattern.length - 1) {
              return;
            }
            return {
              type: pattern[0],
              body: pattern.slice(2, i),
              end: i
            };
          }
        }
      }
    };
    var buildCharClassStar = (chars) => {
      const source = chars.length === 1 ? utils.escapeRegex(chars[0]) : `[${chars.map((ch) => utils.escapeRegex(ch)).join("")}]`;
      return `${source}*`;
    };
    var getStarExtglobSequenceChars = (pattern) => {
      let index = 0;
      const chars = [];
      while (index < pattern.length) {
        const match = parseRepeatedExtglob(pattern.slice(index), false);
        if (!match || match.type !== "*") {
          return;
        }
        const branches = splitTopLevel(match.body).map((branch2) => branch2.trim());
        if (branches.length !== 1) {
          return;
        }
        const branch = normalizeSimpleBranch(branches[0]);
        if (!branch || branch.length !== 1) {
          return;
        }
        chars.push(branch);
        index += match.end + 1;
      }
      if (chars.length < 1) {
        return;
      }
      return chars;
    };
    var repeatedExtglobRecursion = (pattern) => {
      let depth = 0;
      let value = pattern.trim();
      let match = parseRepeatedExtglob(value);
      while (match) {
        depth++;
        value = match.body.trim();
        match = parseRepeatedExtglob(value);
      }
      return depth;
    };
    var analyzeRepeatedExtglob = (body, options) => {
      if (options.maxExtglobRecursion === false) {
        return { risky: false };
      }
      const max = typeof options.maxExtglobRecursion === "number" ? options.maxExtglobRecursion : constants.DEFAULT_MAX_EXTGLOB_RECURSION;
      const branches = splitTopLevel(body).map((branch) => branch.trim());
      if (branches.length > 1) {
        if (branches.some((branch) => branch === "") || branches.some((branch) => /^[*?]+$/.test(branch)) || hasRepeatedCharPrefixOverlap(branches)) {
          return { risky: true };
        }
      }
      const safeChars = [];
      let sawStarSequence = false;
      let combinable = true;
      for (const branch of branches) {
        const chars = getStarExtglobSequenceChars(branch);
        if (chars) {
          sawStarSequence = true;
          safeChars.push(...chars);
          continue;
        }
        const literal = normalizeSimpleBranch(branch);
        if (literal && literal.length === 1) {
          safeChars.push(literal);
          continue;
        }
        combinable = false;
        if (repeatedExtglobRecursion(branch) > max) {
          return { risky: true };
        }
      }
      if (sawStarSequence) {
        return combinable ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) } : { risky: true };
      }
      return { risky: false };
    };
    var parse = (input, options) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected a string");
      }
      input = REPLACEMENTS[input] || input;
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      let len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      const bos = { type: "bos", value: "", output: opts.prepend || "" };
      const tokens = [bos];
      const capture = opts.capture ? "" : "?:";
      const PLATFORM_CHARS = constants.globChars(opts.windows);
      const EXTGLOB_CHARS = constants.extglobChars(PLATFORM_CHARS);
      const {
        DOT_LITERAL,
        PLUS_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOT_SLASH,
        NO_DOTS_SLASH,
        QMARK,
        QMARK_NO_DOT,
        STAR,
        START_ANCHOR
      } = PLATFORM_CHARS;
      const globstar = (opts2) => {
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const nodot = opts.dot ? "" : NO_DOT;
      const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
      let star = opts.bash === true ? globstar(opts) : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      if (typeof opts.noext === "boolean") {
        opts.noextglob = opts.noext;
      }
      const state = {
        input,
        index: -1,
        start: 0,
        dot: opts.dot === true,
        consumed: "",
        output: "",
        prefix: "",
        backtrack: false,
        negated: false,
        brackets: 0,
        braces: 0,
        parens: 0,
        quotes: 0,
        globstar: false,
        tokens
      };
      input = utils.removePrefix(input, state);
      len = input.length;
      const extglobs = [];
      const braces = [];
      const stack = [];
      let prev = bos;
      let value;
      const eos = () => state.index === len - 1;
      const peek = state.peek = (n = 1) => input[state.index + n];
      const advance = state.advance = () => input[++state.index] || "";
      const remaining = () => input.slice(state.index + 1);
      const consume = (value2 = "", num = 0) => {
        state.consumed += value2;
        state.index += num;
      };
      const append = (token) => {
        state.output += token.output != null ? token.output : token.value;
        consume(token.value);
      };
      const negate = () => {
        let count = 1;
        while (peek() === "!" && (peek(2) !== "(" || peek(3) === "?")) {
          advance();
          state.start++;
          count++;
        }
        if (count % 2 === 0) {
          return false;
        }
        state.negated = true;
        state.start++;
        return true;
      };
      const increment = (type) => {
        state[type]++;
        stack.push(type);
      };
      const decrement = (type) => {
        state[type]--;
        stack.pop();
      };
      const push = (tok) => {
        if (prev.type === "globstar") {
          const isBrace = state.braces > 0 && (tok.type === "comma" || tok.type === "brace");
          const isExtglob = tok.extglob === true || extglobs.length && (tok.type === "pipe" || tok.type === "paren");
          if (tok.type !== "slash" && tok.type !== "paren" && !isBrace && !isExtglob) {
            state.output = state.output.slice(0, -prev.output.length);
            prev.type = "star";
            prev.value = "*";
            prev.output = star;
            state.output += prev.output;
          }
        }
        if (extglobs.length && tok.type !== "paren") {
          extglobs[extglobs.length - 1].inner += tok.value;
        }
        if (tok.value || tok.output) append(tok);
        if (prev && prev.type === "text" && tok.type === "text") {
          prev.output = (prev.output || prev.value) + tok.value;
          prev.value += tok.value;
          return;
        }
        tok.prev = prev;
        tokens.push(tok);
        prev = tok;
      };
      const extglobOpen = (type, value2) => {
        const token = { ...EXTGLOB_CHARS[value2], conditions: 1, inner: "" };
        token.prev = prev;
        token.parens = state.parens;
        token.output = state.output;
        token.startIndex = state.index;
        token.tokensIndex = tokens.length;
        const output = (opts.capture ? "(" : "") + token.open;
        increment("parens");
        push({ type, value: value2, output: state.output ? "" : ONE_CHAR });
        push({ type: "paren", extglob: true, value: advance(), output });
        extglobs.push(token);
      };
      const extglobClose = (token) => {
        const literal = input.slice(token.startIndex, state.index + 1);
        const body = input.slice(token.startIndex + 2, state.index);
        const analysis = analyzeRepeatedExtglob(body, opts);
        if ((token.type === "plus" || token.type === "star") && analysis.risky) {
          const safeOutput = analysis.safeOutput ? (token.output ? "" : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput) : void 0;
          const open = tokens[token.tokensIndex];
          open.type = "text";
          open.value = literal;
          open.output = safeOutput || utils.escapeRegex(literal);
          for (let i = token.tokensIndex + 1; i < tokens.length; i++) {
            tokens[i].value = "";
            tokens[i].output = "";
            delete tokens[i].suffix;
          }
          state.output = token.output + open.output;
          state.backtrack = true;
          push({ type: "paren", extglob: true, value, output: "" });
          decrement("parens");
          return;
        }
        let output = token.close + (opts.capture ? ")" : "");
        let rest;
        if (token.type === "negate") {
          let extglobStar = star;
          if (token.inner && token.inner.length > 1 && token.inner.includes("/")) {
            extglobStar = globstar(opts);
          }
          if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
            output = token.close = `)$))${extglobStar}`;
          }
          if (token.inner.includes("*") && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
            const expression = parse(rest, { ...options, fastpaths: false }).output;
            output = token.close = `)${expression})${extglobStar})`;
          }
          if (token.prev.type === "bos") {
            state.negatedExtglob = true;
          }
        }
        push({ type: "paren", extglob: true, value, output });
        decrement("parens");
      };
      if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
        let backslashes = false;
        let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars, first, rest, index) => {
          if (first === "\\") {
            backslashes = true;
            return m;
          }
          if (first === "?") {
            if (esc) {
              return esc + first + (rest ? QMARK.repeat(rest.length) : "");
            }
            if (index === 0) {
              return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : "");
            }
            return QMARK.repeat(chars.length);
          }
          if (first === ".") {
            return DOT_LITERAL.repeat(chars.length);
          }
          if (first === "*") {
            if (esc) {
              return esc + first + (rest ? star : "");
            }
            return star;
          }
          return esc ? m : `\\${m}`;
        });
        if (backslashes === true) {
          if (opts.unescape === true) {
            output = output.replace(/\\/g, "");
          } else {
            output = output.replace(/\\+/g, (m) => {
              return m.length % 2 === 0 ? "\\\\" : m ? "\\" : "";
            });
          }
        }
        if (output === input && opts.contains === true) {
          state.output = input;
          return state;
        }
        state.output = utils.wrapOutput(output, state, options);
        return state;
      }
      while (!eos()) {
        value = advance();
        if (value === "\0") {
          continue;
        }
        if (value === "\\") {
          const next = peek();
          if (next === "/" && opts.bash !== true) {
            continue;
          }
          if (next === "." || next === ";") {
            continue;
          }
          if (!next) {
            value += "\\";
            push({ type: "text", value });
            continue;
          }
          const match = /^\\+/.exec(remaining());
          let slashes = 0;
          if (match && match[0].length > 2) {
            slashes = match[0].length;
            state.index += slashes;
            if (slashes % 2 !== 0) {
              value += "\\";
            }
          }
          if (opts.unescape === true) {
            value = advance();
          } else {
            value += advance();
          }
          if (state.brackets === 0) {
            push({ type: "text", value });
            continue;
          }
        }
        if (state.brackets > 0 && (value !== "]" || prev.value === "[" || prev.value === "[^")) {
          if (opts.posix !== false && value === ":") {
            const inner = prev.value.slice(1);
            if (inner.includes("[")) {
              prev.posix = true;
              if (inner.includes(":")) {
                const idx = prev.value.lastIndexOf("[");
                const pre = prev.value.slice(0, idx);
                const rest2 = prev.value.slice(idx + 2);
                const posix2 = POSIX_REGEX_SOURCE[rest2];
                if (posix2) {
                  prev.value = pre + posix2;
                  state.backtrack = true;
                  advance();
                  if (!bos.output && tokens.indexOf(prev) === 1) {
                    bos.output = ONE_CHAR;
                  }
                  continue;
                }
              }
            }
          }
          if (value === "[" && peek() !== ":" || value === "-" && peek() === "]") {
            value = `\\${value}`;
          }
          if (value === "]" && (prev.value === "[" || prev.value === "[^")) {
            value = `\\${value}`;
          }
          if (opts.posix === true && value === "!" && prev.value === "[") {
            value = "^";
          }
          prev.value += value;
          append({ value });
          continue;
        }
        if (state.quotes === 1 && value !== '"') {
          value = utils.escapeRegex(value);
          prev.value += value;
          append({ value });
          continue;
        }
        if (value === '"') {
          state.quotes = state.quotes === 1 ? 0 : 1;
          if (opts.keepQuotes === true) {
            push({ type: "text", value });
          }
          continue;
        }
        if (value === "(") {
          increment("parens");
          push({ type: "paren", value });
          continue;
        }
        if (value === ")") {
          if (state.parens === 0 && opts.strictBrackets === true) {
            throw new SyntaxError(syntaxError("opening", "("));
          }
          const extglob = extglobs[extglobs.length - 1];
          if (extglob && state.parens === extglob.parens + 1) {
            extglobClose(extglobs.pop());
            continue;
          }
          push({ type: "paren", value, output: state.parens ? ")" : "\\)" });
          decrement("parens");
          continue;
        }
        if (value === "[") {
          if (opts.nobracket === true || !remaining().includes("]")) {
            if (opts.nobracket !== true && opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("closing", "]"));
            }
            value = `\\${value}`;
          } else {
            increment("brackets");
          }
          push({ type: "bracket", value });
          continue;
        }
        if (value === "]") {
          if (opts.nobracket === true || prev && prev.type === "bracket" && prev.value.length === 1) {
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          if (state.brackets === 0) {
            if (opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("opening", "["));
            }
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          decrement("brackets");
          const prevValue = prev.value.slice(1);
          if (prev.posix !== true && prevValue[0] === "^" && !prevValue.includes("/")) {
            value = `/${value}`;
          }
          prev.value += value;
          append({ value });
          if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
            continue;
          }
          const escaped = utils.escapeRegex(prev.value);
          state.output = state.output.slice(0, -prev.value.length);
          if (opts.literalBrackets === true) {
            state.output += escaped;
            prev.value = escaped;
            continue;
          }
          prev.value = `(${capture}${escaped}|${prev.value})`;
          state.output += prev.value;
          continue;
        }
        if (value === "{" && opts.nobrace !== true) {
          increment("braces");
          const open = {
            type: "brace",
            value,
            output: "(",
            outputIndex: state.output.length,
            tokensIndex: state.tokens.length
          };
          braces.push(open);
          push(open);
          continue;
        }
        if (value === "}") {
          const brace = braces[braces.length - 1];
          if (opts.nobrace === true || !brace) {
            push({ type: "text", value, output: value });
            continue;
          }
          let output = ")";
          if (brace.dots === true) {
            const arr = tokens.slice();
            const range = [];
            for (let i = arr.length - 1; i >= 0; i--) {
              tokens.pop();
              if (arr[i].type === "brace") {
                break;
              }
              if (arr[i].type !== "dots") {
                range.unshift(arr[i].value);
              }
            }
            output = expandRange(range, opts);
            state.backtrack = true;
          }
          if (brace.comma !== true && brace.dots !== true) {
            const out = state.output.slice(0, brace.outputIndex);
            const toks = state.tokens.slice(brace.tokensIndex);
            brace.value = brace.output = "\\{";
            value = output = "\\}";
            state.output = out;
            for (const t of toks) {
              state.output += t.output || t.value;
            }
          }
          push({ type: "brace", value, output });
          decrement("braces");
          braces.pop();
          continue;
        }
        if (value === "|") {
          if (extglobs.length > 0) {
            extglobs[extglobs.length - 1].conditions++;
          }
          push({ type: "text", value });
          continue;
        }
        if (value === ",") {
          let output = value;
          const brace = braces[braces.length - 1];
          if (brace && stack[stack.length - 1] === "braces") {
            brace.comma = true;
            output = "|";
          }
          push({ type: "comma", value, output });
          continue;
        }
        if (value === "/") {
          if (prev.type === "dot" && state.index === state.start + 1) {
            state.start = state.index + 1;
            state.consumed = "";
            state.output = "";
            tokens.pop();
            prev = bos;
            continue;
          }
          push({ type: "slash", value, output: SLASH_LITERAL });
          continue;
        }
        if (value === ".") {
          if (state.braces > 0 && prev.type === "dot") {
            if (prev.value === ".") prev.output = DOT_LITERAL;
            const brace = braces[braces.length - 1];
            prev.type = "dots";
            prev.output += value;
            prev.value += value;
            brace.dots = true;
            continue;
          }
          if (state.braces + state.parens === 0 && prev.type !== "bos" && prev.type !== "slash") {
            push({ type: "text", value, output: DOT_LITERAL });
            continue;
          }
          push({ type: "dot", value, output: DOT_LITERAL });
          continue;
        }
        if (value === "?") {
          const isGroup = prev && prev.value === "(";
          if (!isGroup && opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("qmark", value);
            continue;
          }
          if (prev && prev.type === "paren") {
            const next = peek();
            let output = value;
            if (prev.value === "(" && !/[!=<:]/.test(next) || next === "<" && !/<([!=]|\w+>)/.test(remaining())) {
              output = `\\${value}`;
            }
            push({ type: "text", value, output });
            continue;
          }
          if (opts.dot !== true && (prev.type === "slash" || prev.type === "bos")) {
            push({ type: "qmark", value, output: QMARK_NO_DOT });
            continue;
          }
          push({ type: "qmark", value, output: QMARK });
          continue;
        }
        if (value === "!") {
          if (opts.noextglob !== true && peek() === "(") {
            if (peek(2) !== "?" || !/[!=<:]/.test(peek(3))) {
              extglobOpen("negate", value);
              continue;
            }
          }
          if (opts.nonegate !== true && state.index === 0) {
            negate();
            continue;
          }
        }
        if (value === "+") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("plus", value);
            continue;
          }
          if (prev && prev.value === "(" || opts.regex === false) {
            push({ type: "plus", value, output: PLUS_LITERAL });
            continue;
          }
          if (prev && (prev.type === "bracket" || prev.type === "paren" || prev.type === "brace") || state.parens > 0) {
            push({ type: "plus", value });
            continue;
          }
          push({ type: "plus", value: PLUS_LITERAL });
          continue;
        }
        if (value === "@") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            push({ type: "at", extglob: true, value, output: "" });
            continue;
          }
          push({ type: "text", value });
          continue;
        }
        if (value !== "*") {
          if (value === "$" || value === "^") {
            value = `\\${value}`;
          }
          const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
          if (match) {
            value += match[0];
            state.index += match[0].length;
          }
          push({ type: "text", value });
          continue;
        }
        if (prev && (prev.type === "globstar" || prev.star === true)) {
          prev.type = "star";
          prev.star = true;
          prev.value += value;
          prev.output = star;
          state.backtrack = true;
          state.globstar = true;
          consume(value);
          continue;
        }
        let rest = remaining();
        if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
          extglobOpen("star", value);
          continue;
        }
        if (prev.type === "star") {
          if (opts.noglobstar === true) {
            consume(value);
            continue;
          }
          const prior = prev.prev;
          const before = prior.prev;
          const isStart = prior.type === "slash" || prior.type === "bos";
          const afterStar = before && (before.type === "star" || before.type === "globstar");
          if (opts.bash === true && (!isStart || rest[0] && rest[0] !== "/")) {
            push({ type: "star", value, output: "" });
            continue;
          }
          const isBrace = state.braces > 0 && (prior.type === "comma" || prior.type === "brace");
          const isExtglob = extglobs.length && (prior.type === "pipe" || prior.type === "paren");
          if (!isStart && prior.type !== "paren" && !isBrace && !isExtglob) {
            push({ type: "star", value, output: "" });
            continue;
          }
          while (rest.slice(0, 3) === "/**") {
            const after = input[state.index + 4];
            if (after && after !== "/") {
              break;
            }
            rest = rest.slice(3);
            consume("/**", 3);
          }
          const isEnd = eos() || state.parens > 0 && rest === ")".repeat(state.parens) && !extglobs.some((extglob) => extglob.type === "negate");
          if (prior.type === "bos" && eos()) {
            prev.type = "globstar";
            prev.value += value;
            prev.output = globstar(opts);
            state.output = prev.output;
            state.globstar = true;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && !afterStar && isEnd) {
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = globstar(opts) + (opts.strictSlashes ? ")" : "|$)");
            prev.value += value;
            state.globstar = true;
            state.output += prior.output + prev.output;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && rest[0] === "/") {
            const end = rest[1] !== void 0 ? "|$" : "";
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
            prev.value += value;
            state.output += prior.output + prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          if (prior.type === "bos" && rest[0] === "/") {
            prev.type = "globstar";
            prev.value += value;
            prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
            state.output = prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          state.output = state.output.slice(0, -prev.output.length);
          prev.type = "globstar";
          prev.output = globstar(opts);
          prev.value += value;
          state.output += prev.output;
          state.globstar = true;
          consume(value);
          continue;
        }
        const token = { type: "star", value, output: star };
        if (opts.bash === true) {
          token.output = ".*?";
          if (prev.type === "bos" || prev.type === "slash") {
            token.output = nodot + token.output;
          }
          push(token);
          continue;
        }
        if (prev && (prev.type === "bracket" || prev.type === "paren") && opts.regex === true) {
          token.output = value;
          push(token);
          continue;
        }
        if (state.index === state.start || prev.type === "slash" || prev.type === "dot") {
          if (prev.type === "dot") {
            state.output += NO_DOT_SLASH;
            prev.output += NO_DOT_SLASH;
          } else if (opts.dot === true) {
            state.output += NO_DOTS_SLASH;
            prev.output += NO_DOTS_SLASH;
          } else {
            state.output += nodot;
            prev.output += nodot;
          }
          if (peek() !== "*") {
            state.output += ONE_CHAR;
            prev.output += ONE_CHAR;
          }
        }
        push(token);
      }
      while (state.brackets > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "]"));
        state.output = utils.escapeLast(state.output, "[");
        decrement("brackets");
      }
      while (state.parens > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", ")"));
        state.output = utils.escapeLast(state.output, "(");
        decrement("parens");
      }
      while (state.braces > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "}"));
        state.output = utils.escapeLast(state.output, "{");
        decrement("braces");
      }
      if (opts.strictSlashes !== true && (prev.type === "star" || prev.type === "bracket")) {
        push({ type: "maybe_slash", value: "", output: `${SLASH_LITERAL}?` });
      }
      if (state.backtrack === true) {
        state.output = "";
        for (const token of state.tokens) {
          state.output += token.output != null ? token.output : token.value;
          if (token.suffix) {
            state.output += token.suffix;
          }
        }
      }
      return state;
    };
    parse.fastpaths = (input, options) => {
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      const len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      input = REPLACEMENTS[input] || input;
      const {
        DOT_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOTS,
        NO_DOTS_SLASH,
        STAR,
        START_ANCHOR
      } = constants.globChars(opts.windows);
      const nodot = opts.dot ? NO_DOTS : NO_DOT;
      const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
      const capture = opts.capture ? "" : "?:";
      const state = { negated: false, prefix: "" };
      let star = opts.bash === true ? ".*?" : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      const globstar = (opts2) => {
        if (opts2.noglobstar === true) return star;
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const create = (str2) => {
        switch (str2) {
          case "*":
            return `${nodot}${ONE_CHAR}${star}`;
          case ".*":
            return `${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*.*":
            return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*/*":
            return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;
          case "**":
            return nodot + globstar(opts);
          case "**/*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;
          case "**/*.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "**/.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;
          default: {
            const match = /^(.*?)\.(\w+)$/.exec(str2);
            if (!match) return;
            const source2 = create(match[1]);
            if (!source2) return;
            return source2 + DOT_LITERAL + match[2];
          }
        }
      };
      const output = utils.removePrefix(input, state);
      let source = create(output);
      if (source && opts.strictSlashes !== true) {
        source += `${SLASH_LITERAL}?`;
      }
      return source;
    };
    module.exports = parse;
  }
});

// node_modules/picomatch/lib/picomatch.js
var require_picomatch = __commonJS({
  "node_modules/picomatch/lib/picomatch.js"(exports, module) {
    "use strict";
    var scan = require_scan();
    var parse = require_parse();
    var utils = require_utils();
    var constants = require_constants();
    var isObject = (val) => val && typeof val === "object" && !Array.isArray(val);
    var picomatch2 = (glob2, options, returnState = false) => {
      if (Array.isArray(glob2)) {
        const fns = glob2.map((input) => picomatch2(input, options, returnState));
        const arrayMatcher = (str2) => {
          for (const isMatch of fns) {
            const state2 = isMatch(str2);
            if (state2) return state2;
          }
          return false;
        };
        return arrayMatcher;
      }
      const isState = isObject(glob2) && glob2.tokens && glob2.input;
      if (glob2 === "" || typeof glob2 !== "string" && !isState) {
        throw new TypeError("Expected pattern to be a non-empty string");
      }
      const opts = options || {};
      const posix2 = opts.windows;
      const regex = isState ? picomatch2.compileRe(glob2, options) : picomatch2.makeRe(glob2, options, false, true);
      const state = regex.state;
      delete regex.state;
      let isIgnored = () => false;
      if (opts.ignore) {
        const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
        isIgnored = picomatch2(opts.ignore, ignoreOpts, returnState);
      }
      const matcher = (input, returnObject = false) => {
        const { isMatch, match, output } = picomatch2.test(input, regex, options, { glob: glob2, posix: posix2 });
        const result = { glob: glob2, state, regex, posix: posix2, input, output, match, isMatch };
        if (typeof opts.onResult === "function") {
          opts.onResult(result);
        }
        if (isMatch === false) {
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (isIgnored(input)) {
          if (typeof opts.onIgnore === "function") {
            opts.onIgnore(result);
          }
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (typeof opts.onMatch === "function") {
          opts.onMatch(result);
        }
        return returnObject ? result : true;
      };
      if (returnState) {
        matcher.state = state;
      }
      return matcher;
    };
    picomatch2.test = (input, regex, options, { glob: glob2, posix: posix2 } = {}) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected input to be a string");
      }
      if (input === "") {
        return { isMatch: false, output: "" };
      }
      const opts = options || {};
      const format = opts.format || (posix2 ? utils.toPosixSlashes : null);
      let match = input === glob2;
      let output = match && format ? format(input) : input;
      if (match === false) {
        output = format ? format(input) : input;
        match = output === glob2;
      }
      if (match === false || opts.capture === true) {
        if (opts.matchBase === true || opts.basename === true) {
          match = picomatch2.matchBase(input, regex, options, posix2);
        } else {
          match = regex.exec(output);
        }
      }
      return { isMatch: Boolean(match), match, output };
    };
    picomatch2.matchBase = (input, glob2, options, posix2 = options && options.windows) => {
      const regex = glob2 instanceof RegExp ? glob2 : picomatch2.makeRe(glob2, options);
      return regex.test(utils.basename(input, { windows: posix2 }));
    };
    picomatch2.isMatch = (str2, patterns, options) => picomatch2(patterns, options)(str2);
    picomatch2.parse = (pattern, options) => {
      if (Array.isArray(pattern)) return pattern.map((p) => picomatch2.parse(p, options));
      return parse(pattern, { ...options, fastpaths: false });
    };
    picomatch2.scan = (input, options) => scan(input, options);
    picomatch2.compileRe = (state, options, returnOutput = false, returnState = false) => {
      if (returnOutput === true) {
        return state.output;
      }
      const opts = options || {};
      const prepend = opts.contains ? "" : "^";
      const append = opts.contains ? "" : "$";
      let source = `${prepend}(?:${state.output})${append}`;
      if (state && state.negated === true) {
        source = `^(?!${source}).*$`;
      }
      const regex = picomatch2.toRegex(source, options);
      if (returnState === true) {
        regex.state = state;
      }
      return regex;
    };
    picomatch2.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
      if (!input || typeof input !== "string") {
        throw new TypeError("Expected a non-empty string");
      }
      let parsed = { negated: false, fastpaths: true };
      if (options.fastpaths !== false && (input[0] === "." || input[0] === "*")) {
        parsed.output = parse.fastpaths(input, options);
      }
      if (!parsed.output) {
        parsed = parse(input, options);
      }
      return picomatch2.compileRe(parsed, options, returnOutput, returnState);
    };
    picomatch2.toRegex = (source, options) => {
      try {
        const opts = options || {};
        return new RegExp(source, opts.flags || (opts.nocase ? "i" : ""));
      } catch (err) {
        if (options && options.debug === true) throw err;
        return /$^/;
      }
    };
    picomatch2.constants = constants;
    module.exports = picomatch2;
  }
});

// node_modules/picomatch/index.js
var require_picomatch2 = __commonJS({
  "node_modules/picomatch/index.js"(exports, module) {
    "use strict";
    var pico = require_picomatch();
    var utils = require_utils();
    function picomatch2(glob2, options, returnState = false) {
      if (options && (options.windows === null || options.windows === void 0)) {
        options = { ...options, windows: utils.isWindows() };
      }
      return pico(glob2, options, returnState);
    }
    Object.assign(picomatch2, pico);
    module.exports = picomatch2;
  }
});

// packages/cli/src/cli.ts
import { parseArgs } from "node:util";

// packages/cli/src/commands/account.ts
import { createInterface } from "node:readline";

// node_modules/openapi-fetch/dist/index.mjs
var PATH_PARAM_RE = /\{[^{}]+\}/g;
var supportsRequestInitExt = () => {
  return typeof process === "object" && Number.parseInt(process?.versions?.node?.substring(0, 2)) >= 18 && process.versions.undici;
};
function randomID() {
  return Math.random().toString(36).slice(2, 11);
}
function createClient(clientOptions) {
  let {
    baseUrl = "",
    Request: CustomRequest = globalThis.Request,
    fetch: baseFetch = globalThis.fetch,
    querySerializer: globalQuerySerializer,
    bodySerializer: globalBodySerializer,
    pathSerializer: globalPathSerializer,
    headers: baseHeaders,
    requestInitExt = void 0,
    ...baseOptions
  } = { ...clientOptions };
  requestInitExt = supportsRequestInitExt() ? requestInitExt : void 0;
  baseUrl = removeTrailingSlash(baseUrl);
  const globalMiddlewares = [];
  async function coreFetch(schemaPath, fetchOptions) {
    const {
      baseUrl: localBaseUrl,
      fetch = baseFetch,
      Request: Request2 = CustomRequest,
      headers,
      params = {},
      parseAs = "json",
      querySerializer: requestQuerySerializer,
      bodySerializer = globalBodySerializer ?? defaultBodySerializer,
      pathSerializer: requestPathSerializer,
      body,
      middleware: requestMiddlewares = [],
      ...init
    } = fetchOptions || {};
    let finalBaseUrl = baseUrl;
    if (localBaseUrl) {
      finalBaseUrl = removeTrailingSlash(localBaseUrl) ?? baseUrl;
    }
    let querySerializer = typeof globalQuerySerializer === "function" ? globalQuerySerializer : createQuerySerializer(globalQuerySerializer);
    if (requestQuerySerializer) {
      querySerializer = typeof requestQuerySerializer === "function" ? requestQuerySerializer : createQuerySerializer({
        ...typeof globalQuerySerializer === "object" ? globalQuerySerializer : {},
        ...requestQuerySerializer
      });
    }
    const pathSerializer = requestPathSerializer || globalPathSerializer || defaultPathSerializer;
    const serializedBody = body === void 0 ? void 0 : bodySerializer(
      body,
      // Note: we declare mergeHeaders() both here and below because it’s a bit of a chicken-or-egg situation:
      // bodySerializer() needs all headers so we aren’t dropping ones set by the user, however,
      // the result of this ALSO sets the lowest-priority content-type header. So we re-merge below,
      // setting the content-type at the very beginning to be overwritten.
      // Lastly, based on the way headers work, it’s not a simple “present-or-not” check becauase null intentionally un-sets headers.
      mergeHeaders(baseHeaders, headers, params.header)
    );
    const finalHeaders = mergeHeaders(
      // with no body, we should not to set Content-Type
      serializedBody === void 0 || // if serialized body is FormData; browser will correctly set Content-Type & boundary expression
      serializedBody instanceof FormData ? {} : {
        "Content-Type": "application/json"
      },
      baseHeaders,
      headers,
      params.header
    );
    const finalMiddlewares = [...globalMiddlewares, ...requestMiddlewares];
    const requestInit = {
      redirect: "follow",
      ...baseOptions,
      ...init,
      body: serializedBody,
      headers: finalHeaders
    };
    let id;
    let options;
    let request = new Request2(
      createFinalURL(schemaPath, { baseUrl: finalBaseUrl, params, querySerializer, pathSerializer }),
      requestInit
    );
    let response;
    for (const key in init) {
      if (!(key in request)) {
        request[key] = init[key];
      }
    }
    if (finalMiddlewares.length) {
      id = randomID();
      options = Object.freeze({
        baseUrl: finalBaseUrl,
        fetch,
        parseAs,
        querySerializer,
        bodySerializer,
        pathSerializer
      });
      for (const m of finalMiddlewares) {
        if (m && typeof m === "object" && typeof m.onRequest === "function") {
          const result = await m.onRequest({
            request,
            schemaPath,
            params,
            options,
            id
          });
          if (result) {
            if (result instanceof Request2) {
              request = result;
            } else if (result instanceof Response) {
              response = result;
              break;
            } else {
              throw new Error("onRequest: must return new Request() or Response() when modifying the request");
            }
          }
        }
      }
    }
    if (!response) {
      try {
        response = await fetch(request, requestInitExt);
      } catch (error2) {
        let errorAfterMiddleware = error2;
        if (finalMiddlewares.length) {
          for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
            const m = finalMiddlewares[i];
            if (m && typeof m === "object" && typeof m.onError === "function") {
              const result = await m.onError({
                request,
                error: errorAfterMiddleware,
                schemaPath,
                params,
                options,
                id
              });
              if (result) {
                if (result instanceof Response) {
                  errorAfterMiddleware = void 0;
                  response = result;
                  break;
                }
                if (result instanceof Error) {
                  errorAfterMiddleware = result;
                  continue;
                }
                throw new Error("onError: must return new Response() or instance of Error");
              }
            }
          }
        }
        if (errorAfterMiddleware) {
          throw errorAfterMiddleware;
        }
      }
      if (finalMiddlewares.length) {
        for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
          const m = finalMiddlewares[i];
          if (m && typeof m === "object" && typeof m.onResponse === "function") {
            const result = await m.onResponse({
              request,
              response,
              schemaPath,
              params,
              options,
              id
            });
            if (result) {
              if (!(result instanceof Response)) {
                throw new Error("onResponse: must return new Response() when modifying the response");
              }
              response = result;
            }
          }
        }
      }
    }
    const contentLength = response.headers.get("Content-Length");
    if (response.status === 204 || request.method === "HEAD" || contentLength === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked")) {
      return response.ok ? { data: void 0, response } : { error: void 0, response };
    }
    if (response.ok) {
      const getResponseData = async () => {
        if (parseAs === "stream") {
          return response.body;
        }
        if (parseAs === "json" && !contentLength) {
          const raw = await response.text();
          return raw ? JSON.parse(raw) : void 0;
        }
        return await response[parseAs]();
      };
      return { data: await getResponseData(), response };
    }
    let error = await response.text();
    try {
      error = JSON.parse(error);
    } catch {
    }
    return { error, response };
  }
  return {
    request(method, url, init) {
      return coreFetch(url, { ...init, method: method.toUpperCase() });
    },
    /** Call a GET endpoint */
    GET(url, init) {
      return coreFetch(url, { ...init, method: "GET" });
    },
    /** Call a PUT endpoint */
    PUT(url, init) {
      return coreFetch(url, { ...init, method: "PUT" });
    },
    /** Call a POST endpoint */
    POST(url, init) {
      return coreFetch(url, { ...init, method: "POST" });
    },
    /** Call a DELETE endpoint */
    DELETE(url, init) {
      return coreFetch(url, { ...init, method: "DELETE" });
    },
    /** Call a OPTIONS endpoint */
    OPTIONS(url, init) {
      return coreFetch(url, { ...init, method: "OPTIONS" });
    },
    /** Call a HEAD endpoint */
    HEAD(url, init) {
      return coreFetch(url, { ...init, method: "HEAD" });
    },
    /** Call a PATCH endpoint */
    PATCH(url, init) {
      return coreFetch(url, { ...init, method: "PATCH" });
    },
    /** Call a TRACE endpoint */
    TRACE(url, init) {
      return coreFetch(url, { ...init, method: "TRACE" });
    },
    /** Register middleware */
    use(...middleware) {
      for (const m of middleware) {
        if (!m) {
          continue;
        }
        if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m)) {
          throw new Error("Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`");
        }
        globalMiddlewares.push(m);
      }
    },
    /** Unregister middleware */
    eject(...middleware) {
      for (const m of middleware) {
        const i = globalMiddlewares.indexOf(m);
        if (i !== -1) {
          globalMiddlewares.splice(i, 1);
        }
      }
    }
  };
}
function serializePrimitiveParam(name, value, options) {
  if (value === void 0 || value === null) {
    return "";
  }
  if (typeof value === "object") {
    throw new Error(
      "Deeply-nested arrays/objects aren’t supported. Provide your own `querySerializer()` to handle these."
    );
  }
  return `${name}=${options?.allowReserved === true ? value : encodeURIComponent(value)}`;
}
function serializeObjectParam(name, value, options) {
  if (!value || typeof value !== "object") {
    return "";
  }
  const values = [];
  const joiner = {
    simple: ",",
    label: ".",
    matrix: ";"
  }[options.style] || "&";
  if (options.style !== "deepObject" && options.explode === false) {
    for (const k in value) {
      values.push(k, options.allowReserved === true ? value[k] : encodeURIComponent(value[k]));
    }
    const final2 = values.join(",");
    switch (options.style) {
      case "form": {
        return `${name}=${final2}`;
      }
      case "label": {
        return `.${final2}`;
      }
      case "matrix": {
        return `;${name}=${final2}`;
      }
      default: {
        return final2;
      }
    }
  }
  for (const k in value) {
    const finalName = options.style === "deepObject" ? `${name}[${k}]` : k;
    values.push(serializePrimitiveParam(finalName, value[k], options));
  }
  const final = values.join(joiner);
  return options.style === "label" || options.style === "matrix" ? `${joiner}${final}` : final;
}
function serializeArrayParam(name, value, options) {
  if (!Array.isArray(value)) {
    return "";
  }
  if (options.explode === false) {
    const joiner2 = { form: ",", spaceDelimited: "%20", pipeDelimited: "|" }[options.style] || ",";
    const final = (options.allowReserved === true ? value : value.map((v) => encodeURIComponent(v))).join(joiner2);
    switch (options.style) {
      case "simple": {
        return final;
      }
      case "label": {
        return `.${final}`;
      }
      case "matrix": {
        return `;${name}=${final}`;
      }
      // case "spaceDelimited":
      // case "pipeDelimited":
      default: {
        return `${name}=${final}`;
      }
    }
  }
  const joiner = { simple: ",", label: ".", matrix: ";" }[options.style] || "&";
  const values = [];
  for (const v of value) {
    if (options.style === "simple" || options.style === "label") {
      values.push(options.allowReserved === true ? v : encodeURIComponent(v));
    } else {
      values.push(serializePrimitiveParam(name, v, options));
    }
  }
  return options.style === "label" || options.style === "matrix" ? `${joiner}${values.join(joiner)}` : values.join(joiner);
}
function createQuerySerializer(options) {
  return function querySerializer(queryParams) {
    const search = [];
    if (queryParams && typeof queryParams === "object") {
      for (const name in queryParams) {
        const value = queryParams[name];
        if (value === void 0 || value === null) {
          continue;
        }
        if (Array.isArray(value)) {
          if (value.length === 0) {
            continue;
          }
          search.push(
            serializeArrayParam(name, value, {
              style: "form",
              explode: true,
              ...options?.array,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        if (typeof value === "object") {
          search.push(
            serializeObjectParam(name, value, {
              style: "deepObject",
              explode: true,
              ...options?.object,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        search.push(serializePrimitiveParam(name, value, options));
      }
    }
    return search.join("&");
  };
}
function defaultPathSerializer(pathname, pathParams) {
  let nextURL = pathname;
  for (const match of pathname.match(PATH_PARAM_RE) ?? []) {
    let name = match.substring(1, match.length - 1);
    let explode = false;
    let style = "simple";
    if (name.endsWith("*")) {
      explode = true;
      name = name.substring(0, name.length - 1);
    }
    if (name.startsWith(".")) {
      style = "label";
      name = name.substring(1);
    } else if (name.startsWith(";")) {
      style = "matrix";
      name = name.substring(1);
    }
    if (!pathParams || pathParams[name] === void 0 || pathParams[name] === null) {
      continue;
    }
    const value = pathParams[name];
    if (Array.isArray(value)) {
      nextURL = nextURL.replace(match, serializeArrayParam(name, value, { style, explode }));
      continue;
    }
    if (typeof value === "object") {
      nextURL = nextURL.replace(match, serializeObjectParam(name, value, { style, explode }));
      continue;
    }
    if (style === "matrix") {
      nextURL = nextURL.replace(match, `;${serializePrimitiveParam(name, value)}`);
      continue;
    }
    nextURL = nextURL.replace(match, style === "label" ? `.${encodeURIComponent(value)}` : encodeURIComponent(value));
  }
  return nextURL;
}
function defaultBodySerializer(body, headers) {
  if (body instanceof FormData) {
    return body;
  }
  if (headers) {
    const contentType = headers.get instanceof Function ? headers.get("Content-Type") ?? headers.get("content-type") : headers["Content-Type"] ?? headers["content-type"];
    if (contentType === "application/x-www-form-urlencoded") {
      return new URLSearchParams(body).toString();
    }
  }
  return JSON.stringify(body);
}
function createFinalURL(pathname, options) {
  let finalURL = `${options.baseUrl}${pathname}`;
  if (options.params?.path) {
    finalURL = options.pathSerializer(finalURL, options.params.path);
  }
  let search = options.querySerializer(options.params.query ?? {});
  if (search.startsWith("?")) {
    search = search.substring(1);
  }
  if (search) {
    finalURL += `?${search}`;
  }
  return finalURL;
}
function mergeHeaders(...allHeaders) {
  const finalHeaders = new Headers();
  for (const h of allHeaders) {
    if (!h || typeof h !== "object") {
      continue;
    }
    const iterator = h instanceof Headers ? h.entries() : Object.entries(h);
    for (const [k, v] of iterator) {
      if (v === null) {
        finalHeaders.delete(k);
      } else if (Array.isArray(v)) {
        for (const v2 of v) {
          finalHeaders.append(k, v2);
        }
      } else if (v !== void 0) {
        finalHeaders.set(k, v);
      }
    }
  }
  return finalHeaders;
}
function removeTrailingSlash(url) {
  if (url.endsWith("/")) {
    return url.substring(0, url.length - 1);
  }
  return url;
}

// packages/sdk/src/file-input.ts
async function prepareFile(file, filename) {
  if (typeof file === "string") {
    const fs = await import("node:fs/promises");
    const bytes = await fs.readFile(file);
    return { blob: new Blob([bytes]), filename: filename ?? baseName(file) };
  }
  const name = filename ?? (isNamed(file) ? file.name : "image");
  if (file instanceof Blob) return { blob: file, filename: name };
  if (file instanceof ArrayBuffer) return { blob: new Blob([file]), filename: name };
  if (file instanceof Uint8Array) {
    return { blob: new Blob([file]), filename: name };
  }
  if (isReadableStream(file)) return { blob: await new Response(file).blob(), filename: name };
  throw new TypeError(
    `Expected a Blob, Uint8Array, ArrayBuffer, ReadableStream or path for file but received ${describe(file)}`
  );
}
var isNamed = (value) => typeof value.name === "string" && value.name.length > 0;
var isReadableStream = (value) => typeof value?.getReader === "function";
var baseName = (path) => path.split(/[\\/]/).pop() || "image";
var describe = (value) => value === null ? "null" : typeof value === "object" ? value.constructor?.name : typeof value;

// packages/sdk/src/errors.ts
var FigureApiError = class extends Error {
  name = "FigureApiError";
  /** Machine-readable code from the error envelope, e.g. `INSUFFICIENT_CREDITS`. */
  code;
  /** HTTP status, e.g. 402. */
  status;
  /** The X-Request-Id response header: quote it when you contact support. */
  requestId;
  /** Anything else the answer carried: extra envelope fields, or the body of a non-JSON answer. */
  details;
  /** Retry-After, seconds (409 REQUEST_IN_PROGRESS and 429), or null. */
  retryAfter;
  constructor(init) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details;
    this.retryAfter = init.retryAfter ?? null;
  }
};
var FigureApiConnectionError = class extends Error {
  name = "FigureApiConnectionError";
  /** How many attempts were made. */
  attempts;
  /** The Idempotency-Key the attempts carried (paid POSTs), to retry the call later. */
  idempotencyKey;
  constructor(message, options) {
    super(message, { cause: options.cause });
    this.attempts = options.attempts;
    this.idempotencyKey = options.idempotencyKey ?? null;
  }
};

// packages/sdk/src/retry.ts
function backoffMs(retry, policy, random = Math.random()) {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(step / 2 + step / 2 * random);
}
function retryAfterSeconds(value, now = Date.now()) {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1e3));
}
function sleep(ms, signal) {
  return new Promise((resolve6, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve6();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// packages/sdk/src/request.ts
var MAX_DETAILS_CHARS = 2e3;
async function send(fetch, policy, call2, attempt) {
  const { signal, onRetry } = call2.options;
  for (let number = 1; ; number++) {
    let seen = null;
    const watched = async (request) => {
      seen = await fetch(request);
      return seen;
    };
    let error;
    let retryable;
    let waitMs = null;
    let reason;
    try {
      const outcome = await attempt(watched);
      if (outcome.ok) return outcome.value;
      const apiError = errorFromResponse(outcome.response, outcome.body);
      error = apiError;
      reason = apiError.code === "UNEXPECTED_RESPONSE" ? `HTTP_${apiError.status}` : apiError.code;
      retryable = isRetryable(apiError, call2.safe);
      if (apiError.retryAfter !== null) waitMs = apiError.retryAfter * 1e3;
    } catch (thrown) {
      if (signal?.aborted) throw signal.reason;
      if (thrown instanceof FigureApiError) throw thrown;
      if (thrown instanceof SyntaxError && seen !== null) {
        throw unexpected(seen, "The API answered with a body that is not JSON");
      }
      error = thrown instanceof Error ? thrown : new Error(String(thrown));
      reason = "NETWORK_ERROR";
      retryable = call2.safe;
    }
    const delayMs = waitMs ?? backoffMs(number, policy);
    if (!retryable || number > policy.maxRetries || delayMs > policy.maxRetryAfterMs) {
      if (reason !== "NETWORK_ERROR") throw error;
      throw new FigureApiConnectionError(
        `No answer from the Figure API after ${number} attempt${number === 1 ? "" : "s"}: ${error.message}`,
        { cause: error, attempts: number, idempotencyKey: call2.idempotencyKey }
      );
    }
    onRetry?.({ attempt: number + 1, delayMs, reason, error });
    await sleep(delayMs, signal);
  }
}
function isRetryable(error, safe) {
  if (error.status === 429) return true;
  if (error.status === 409) return error.code === "REQUEST_IN_PROGRESS";
  if (error.status >= 500) return safe && error.code !== "PROCESSING_FAILED";
  return false;
}
function errorFromResponse(response, body) {
  const requestId = response.headers.get("x-request-id");
  const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
  const envelope = body;
  const inner = envelope?.error;
  if (envelope?.success === false && typeof inner?.code === "string" && typeof inner.message === "string") {
    const { code, message, ...rest } = inner;
    return new FigureApiError({
      code,
      status: response.status,
      message,
      requestId,
      details: Object.keys(rest).length > 0 ? rest : void 0,
      retryAfter
    });
  }
  const text = typeof body === "string" ? body : JSON.stringify(body ?? null);
  return new FigureApiError({
    code: "UNEXPECTED_RESPONSE",
    status: response.status,
    message: `The API answered ${response.status} without its error envelope`,
    requestId,
    details: text.slice(0, MAX_DETAILS_CHARS),
    retryAfter
  });
}
function dataOf(response, body) {
  const envelope = body;
  if (envelope?.success === true && envelope.data !== void 0) return envelope.data;
  throw unexpected(response, "The API answered without its success envelope");
}
function unexpected(response, message) {
  return new FigureApiError({
    code: "UNEXPECTED_RESPONSE",
    status: response.status,
    message,
    requestId: response.headers.get("x-request-id")
  });
}

// packages/sdk/src/version.ts
var SDK_VERSION = "1.0.0";

// packages/sdk/src/client.ts
var FigureApi = class {
  /** POST /figures. */
  figures;
  /** GET /credits. */
  credits;
  /** The account's API keys (/keys). */
  keys;
  #client;
  #fetch;
  #policy;
  #headers;
  constructor(options) {
    if (typeof options?.apiKey !== "string" || options.apiKey.length === 0) {
      throw new TypeError(
        `Expected a non-empty string for apiKey but received ${typeof options?.apiKey}`
      );
    }
    if (typeof options.baseUrl !== "string" || !/^https?:\/\//.test(options.baseUrl)) {
      throw new TypeError(
        `Expected an http(s) URL for baseUrl but received ${JSON.stringify(options.baseUrl)}`
      );
    }
    const maxRetries = options.maxRetries ?? 3;
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new TypeError(`Expected an integer ≥ 0 for maxRetries but received ${maxRetries}`);
    }
    this.#policy = {
      maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? 500,
      maxDelayMs: options.retryMaxDelayMs ?? 8e3,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 6e4
    };
    this.#fetch = options.fetch ?? ((request) => globalThis.fetch(request));
    this.#headers = { authorization: `Bearer ${options.apiKey}` };
    if (!("document" in globalThis)) {
      this.#headers["user-agent"] = options.userAgent ?? `figure-api-sdk/${SDK_VERSION}`;
    }
    this.#client = createClient({
      baseUrl: apiBase(options.baseUrl),
      headers: this.#headers
    });
    this.figures = {
      create: async (input, callOptions = {}) => {
        if (input.referenceImages === void 0) {
          return this.#paid(
            callOptions,
            (fetch, headers) => this.#client.POST("/figures", {
              body: input,
              headers,
              fetch,
              signal: callOptions.signal
            })
          );
        }
        const { referenceImages, ...fields } = input;
        const files = await Promise.all(referenceImages.map((file) => prepareFile(file)));
        return this.#paid(callOptions, (fetch, headers) => {
          const form = new FormData();
          for (const [name, value] of Object.entries(fields)) {
            if (value !== void 0 && value !== null) form.append(name, String(value));
          }
          for (const file of files) form.append("referenceImages", file.blob, file.filename);
          return this.#client.POST("/figures", {
            body: form,
            headers,
            fetch,
            signal: callOptions.signal
          });
        });
      }
    };
    this.credits = {
      get: (callOptions = {}) => this.#call(
        true,
        callOptions,
        (fetch) => this.#client.GET("/credits", { fetch, signal: callOptions.signal })
      )
    };
    this.keys = {
      // POST /keys takes no Idempotency-Key: a retry after a lost answer would create a second
      // key, so only answers that say the request did not run are retried.
      create: (input = {}, callOptions = {}) => this.#call(
        false,
        callOptions,
        (fetch) => this.#client.POST("/keys", { body: input, fetch, signal: callOptions.signal })
      ),
      list: (callOptions = {}) => this.#call(
        true,
        callOptions,
        (fetch) => this.#client.GET("/keys", { fetch, signal: callOptions.signal })
      ),
      // Revoking twice leaves the key revoked, so a lost answer may be retried; the retry then
      // gets 404 NOT_FOUND, because the key is no longer active.
      revoke: (id, callOptions = {}) => this.#call(
        true,
        callOptions,
        (fetch) => this.#client.DELETE("/keys/{id}", {
          params: { path: { id } },
          fetch,
          signal: callOptions.signal
        })
      )
    };
  }
  /** Turns an image into SVG, DXF or PDF vectors (POST /vectorize). */
  vectorize(input, options = {}) {
    return this.#image("/vectorize", input, options);
  }
  /** Upscales an image ×2 or ×4 and stamps its DPI (POST /enhance). */
  enhance(input, options = {}) {
    return this.#image("/enhance", input, options);
  }
  /** Exports a filing-ready PNG, TIFF or PDF at 300 or 600 DPI (POST /convert). */
  convert(input, options = {}) {
    return this.#image("/convert", input, options);
  }
  /**
   * Downloads a result file by its signed `url` (from any result). The API key is not sent: the
   * signature is the credential.
   * @returns the file's bytes
   * @throws FigureApiError 403 `URL_EXPIRED` or `INVALID_SIGNATURE`, 404 `NOT_FOUND`
   */
  download(url, options = {}) {
    return this.#download(url, options, async (response) => {
      return new Uint8Array(await response.arrayBuffer());
    });
  }
  /** Like download(), but returns the body as a stream once the answer's headers are in. */
  downloadStream(url, options = {}) {
    return this.#download(url, options, async (response) => {
      if (response.body === null) return new Blob([]).stream();
      return response.body;
    });
  }
  /** A paid POST: always with an Idempotency-Key, the same for every attempt of the call. */
  #paid(options, request) {
    const key = options.idempotencyKey ?? crypto.randomUUID();
    const headers = { "idempotency-key": key };
    return send(
      this.#fetch,
      this.#policy,
      { safe: true, idempotencyKey: key, options },
      (fetch) => request(fetch, headers).then((result) => {
        const outcome = outcomeOf(result);
        if (!outcome.ok) return outcome;
        const replayed = result.response.headers.get("idempotent-replayed") === "true";
        return { ok: true, value: { ...outcome.value, replayed } };
      })
    );
  }
  #call(safe, options, request) {
    return send(
      this.#fetch,
      this.#policy,
      { safe, idempotencyKey: null, options },
      (fetch) => request(fetch).then(outcomeOf)
    );
  }
  /** vectorize, enhance and convert: JSON for an imageUrl, multipart for a file. */
  async #image(path, input, options) {
    const { file, filename, imageUrl, ...fields } = input;
    if (typeof imageUrl === "string") {
      return this.#paid(
        options,
        (fetch, headers) => this.#client.POST(path, {
          body: { imageUrl, ...fields },
          headers,
          fetch,
          signal: options.signal
        })
      );
    }
    if (file === void 0 || file === null) {
      throw new TypeError(`Expected imageUrl or file for ${path.slice(1)} but received neither`);
    }
    const prepared = await prepareFile(file, filename);
    return this.#paid(options, (fetch, headers) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value !== void 0 && value !== null) form.append(name, String(value));
      }
      form.append("file", prepared.blob, prepared.filename);
      return this.#client.POST(path, {
        body: form,
        headers,
        fetch,
        signal: options.signal
      });
    });
  }
  #download(url, options, read) {
    return send(
      this.#fetch,
      this.#policy,
      { safe: true, idempotencyKey: null, options },
      async (fetch) => {
        const headers = {};
        if (this.#headers["user-agent"]) headers["user-agent"] = this.#headers["user-agent"];
        const response = await fetch(new Request(url, { headers, signal: options.signal }));
        if (response.ok) return { ok: true, value: await read(response) };
        const text = await response.text();
        let body = text;
        try {
          body = JSON.parse(text);
        } catch {
        }
        return { ok: false, response, body };
      }
    );
  }
};
function outcomeOf(result) {
  if (result.response.ok) return { ok: true, value: dataOf(result.response, result.data) };
  return { ok: false, response: result.response, body: result.error };
}
function apiBase(baseUrl) {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return trimmed.endsWith("/v1") ? trimmed : `${trimmed}/v1`;
}

// packages/cli/src/config.ts
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

// packages/cli/src/exit-codes.ts
var EXIT = {
  /** Everything asked for was done. */
  OK: 0,
  /** At least one input failed (bad image, refused by the API, processing error); others may be done. */
  SOME_FAILED: 1,
  /** The command line is wrong: unknown option, bad value, no inputs matched. Nothing was sent. */
  USAGE: 2,
  /** No API key, or the key was refused (401). */
  AUTH: 3,
  /** The balance is lower than the cost: found before the batch or answered 402 by the API. */
  CREDITS: 4,
  /** The service could not be reached, or stayed unavailable (429 or 5xx after retries). */
  UNAVAILABLE: 5
};
var EXIT_CODE_HELP = `Exit codes:
  0  all inputs done
  1  some inputs failed (the others are done; see the summary)
  2  usage error: unknown option, bad value, no inputs (nothing was sent)
  3  authentication: no API key, or the key was refused
  4  insufficient credits (checked before a batch, or answered 402)
  5  network error, or the service stayed unavailable (429/5xx after retries)`;
var CliError = class extends Error {
  constructor(exitCode, message, refusal) {
    super(message);
    this.exitCode = exitCode;
    this.refusal = refusal;
  }
  exitCode;
  refusal;
  name = "CliError";
};
var usage = (message) => new CliError(EXIT.USAGE, message);

// packages/cli/src/config.ts
var DEFAULT_BASE_URL = "http://localhost:8787";
function configPath(env) {
  const root = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), ".config");
  return join(root, "figapi", "config.json");
}
async function readConfig(path) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return {};
    throw error;
  }
  try {
    const parsed = JSON.parse(text);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error();
    const { apiKey, baseUrl } = parsed;
    return {
      ...typeof apiKey === "string" ? { apiKey } : {},
      ...typeof baseUrl === "string" ? { baseUrl } : {}
    };
  } catch {
    throw new CliError(
      EXIT.USAGE,
      `The config file ${path} is not valid JSON: run figapi login again or delete it`
    );
  }
}
async function writeConfig(path, config) {
  await mkdir(dirname(path), { recursive: true, mode: 448 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}
`, { mode: 384 });
  await chmod(path, 384);
}
async function removeConfig(path) {
  try {
    await rm(path);
    return true;
  } catch (error) {
    if (error.code === "ENOENT") return false;
    throw error;
  }
}
function normalizeBaseUrl(url) {
  let trimmed = url.trim().replace(/\/+$/, "");
  if (/\/v1$/.test(trimmed)) trimmed = trimmed.slice(0, -3);
  try {
    const parsed = new URL(trimmed);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error();
  } catch {
    throw new CliError(EXIT.USAGE, `Expected an http(s) URL for the base URL but received ${url}`);
  }
  return trimmed;
}
async function resolveSettings(flags, env) {
  const path = configPath(env);
  const needFile = !flags.key || !flags.baseUrl;
  const stored = needFile ? await readConfig(path) : {};
  const envKey = env.FIGAPI_KEY?.trim() || void 0;
  const apiKey = flags.key ?? envKey ?? stored.apiKey;
  const apiKeySource = flags.key ? "--key" : envKey ? "FIGAPI_KEY" : stored.apiKey ? "config" : void 0;
  const baseUrl = normalizeBaseUrl(
    flags.baseUrl ?? (env.FIGAPI_BASE_URL?.trim() || void 0) ?? stored.baseUrl ?? DEFAULT_BASE_URL
  );
  return {
    ...apiKey ? { apiKey } : {},
    ...apiKeySource ? { apiKeySource } : {},
    baseUrl,
    configPath: path
  };
}

// packages/cli/src/context.ts
function client(ctx) {
  const { apiKey, baseUrl } = ctx.settings;
  if (!apiKey)
    throw new CliError(
      EXIT.AUTH,
      "No API key: set FIGAPI_KEY, pass --key, or run figapi login (keys: figapi keys create, or the web console)"
    );
  return new FigureApi({ apiKey, baseUrl });
}
function printJson(ctx, value) {
  ctx.io.stdout.write(`${JSON.stringify(value, null, 2)}
`);
}
function intChoice(value, allowed, option, fallback) {
  if (value === void 0) return fallback;
  const n = Number(value);
  if (!allowed.includes(n))
    throw usage(`Expected ${allowed.join(" or ")} for ${option} but received ${value}`);
  return n;
}
function wordChoice(value, allowed, option, fallback, aliases = {}) {
  if (value === void 0) return fallback;
  const word = value.toLowerCase();
  const found = aliases[word] ?? allowed.find((a) => a === word);
  if (!found) throw usage(`Expected ${allowed.join(" or ")} for ${option} but received ${value}`);
  return found;
}
function intRange(value, min, max, option, fallback) {
  if (value === void 0) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw usage(`Expected a whole number from ${min} to ${max} for ${option} but received ${value}`);
  return n;
}

// packages/cli/src/errors.ts
var FIELD_OPTIONS = {
  dpi: "--dpi",
  format: "--format",
  engine: "--engine",
  scale: "--scale",
  prompt: "the prompt argument",
  figure: "the --from file",
  output: "--svg",
  labeled: "--labeled",
  referenceImageUrls: "--ref",
  imageUrl: "the input URL",
  file: "the input file",
  name: "--name"
};
function insufficientMessage(balance, needed, need) {
  const fixes = ["top up"];
  if (need?.cheaper && (balance === null || need.cheaper.costEach * need.count <= balance))
    fixes.push(need.cheaper.advice);
  else if (need && balance !== null && need.count > 1 && balance >= need.costEach)
    fixes.push(`process at most ${Math.floor(balance / need.costEach)} inputs`);
  if (balance === null || needed === null)
    return `Not enough credits for this request: ${fixes.join(" or ")}`;
  return `balance ${balance}, this needs ${needed} credits: ${fixes.join(" or ")}`;
}
function optionHint(message) {
  for (const [field, option] of Object.entries(FIELD_OPTIONS)) {
    if (new RegExp(`\\b(?:for|field|fields)\\s+${field}\\b|^${field}\\b`).test(message))
      return ` (check ${option})`;
  }
  return "";
}
function describeError(error, baseUrl, need) {
  if (error instanceof CliError)
    return { ...error.refusal, exitCode: error.exitCode, message: error.message };
  if (error instanceof FigureApiError) {
    const base = {
      code: error.code,
      status: error.status,
      ...error.requestId ? { requestId: error.requestId } : {}
    };
    if (error.status === 401)
      return {
        ...base,
        exitCode: EXIT.AUTH,
        message: `The API key was refused (${error.code}): set FIGAPI_KEY or run figapi login`
      };
    if (error.status === 402) {
      const match = /needs (\d+) credits; the balance is (\d+)/.exec(error.message);
      return {
        ...base,
        exitCode: EXIT.CREDITS,
        message: insufficientMessage(
          match ? Number(match[2]) : null,
          match ? Number(match[1]) : null,
          need && { ...need, count: 1 }
        )
      };
    }
    if (error.status === 429 || error.status === 502 || error.status === 503 || error.status === 504)
      return {
        ...base,
        exitCode: EXIT.UNAVAILABLE,
        message: `The service is busy or unavailable (${error.status} ${error.code}) after retries: try again later or lower --concurrency`
      };
    if (error.status === 422)
      return {
        ...base,
        exitCode: EXIT.SOME_FAILED,
        message: `${error.message}: the URL must be a public http(s) image (or download it and pass the file)`
      };
    if (error.code === "PROMPT_NOT_UNDERSTOOD")
      return {
        ...base,
        exitCode: EXIT.SOME_FAILED,
        message: `${error.message} (rewrite the prompt, or send the structure itself with --from FILE)`
      };
    if (error.status === 400)
      return {
        ...base,
        exitCode: EXIT.SOME_FAILED,
        message: `${error.message}${optionHint(error.message)}`
      };
    return {
      ...base,
      exitCode: EXIT.SOME_FAILED,
      message: `${error.message} (${error.status} ${error.code})`
    };
  }
  if (error instanceof FigureApiConnectionError)
    return {
      exitCode: EXIT.UNAVAILABLE,
      message: `Could not reach ${baseUrl} (${error.message}): check --base-url or FIGAPI_BASE_URL, or start the service (npm run dev)`
    };
  if (error instanceof Error && error.name === "AbortError")
    return { exitCode: EXIT.SOME_FAILED, message: "Interrupted" };
  return {
    exitCode: EXIT.SOME_FAILED,
    message: error instanceof Error ? error.message : String(error)
  };
}
function failureError(failure, message = failure.message) {
  const { code, status, requestId } = failure;
  return new CliError(
    failure.exitCode,
    message,
    code !== void 0 && status !== void 0 ? { code, status, ...requestId ? { requestId } : {} } : void 0
  );
}
var STOPS_BATCH = /* @__PURE__ */ new Set([
  EXIT.AUTH,
  EXIT.CREDITS,
  EXIT.UNAVAILABLE
]);
function worstExit(codes) {
  const order = [
    EXIT.AUTH,
    EXIT.CREDITS,
    EXIT.UNAVAILABLE,
    EXIT.SOME_FAILED,
    EXIT.USAGE
  ];
  const all = new Set(codes);
  return order.find((c) => all.has(c)) ?? EXIT.OK;
}

// packages/cli/src/table.ts
function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells) => cells.map((cell, i) => i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}
var credits = (n) => `${n} credit${n === 1 ? "" : "s"}`;

// packages/cli/src/commands/account.ts
async function call(ctx, work) {
  try {
    return await work();
  } catch (error) {
    const failure = describeError(error, ctx.settings.baseUrl);
    if (failure.status === 404)
      throw failureError(
        { ...failure, exitCode: EXIT.SOME_FAILED },
        `${failure.message}: see figapi keys list`
      );
    throw failureError(failure);
  }
}
async function runCredits(ctx, args) {
  if (args.length) throw usage(`credits takes no arguments but received ${args.join(" ")}`);
  const api = client(ctx);
  const { balance } = await call(ctx, () => api.credits.get({ signal: ctx.signal }));
  if (ctx.json) printJson(ctx, { balance });
  else ctx.io.stdout.write(`${credits(balance)}
`);
  return EXIT.OK;
}
var keysOptions = { name: { type: "string", short: "n" } };
var day = (iso) => iso ? iso.slice(0, 16).replace("T", " ") : "never";
async function runKeys(ctx, values, args) {
  const [action, ...rest] = args;
  if (action === "create") {
    if (rest.length) throw usage(`keys create takes --name, not ${rest.join(" ")}`);
    const api = client(ctx);
    const name = typeof values.name === "string" ? values.name : void 0;
    const created = await call(
      ctx,
      () => api.keys.create(name ? { name } : {}, { signal: ctx.signal })
    );
    if (ctx.json) printJson(ctx, created);
    else {
      ctx.io.stderr.write(
        `Created ${created.id} (${created.name}). The key is shown only now: store it.
`
      );
      ctx.io.stdout.write(`${created.key}
`);
    }
    return EXIT.OK;
  }
  if (action === "list") {
    if (rest.length) throw usage(`keys list takes no arguments but received ${rest.join(" ")}`);
    const api = client(ctx);
    const { keys } = await call(ctx, () => api.keys.list({ signal: ctx.signal }));
    if (ctx.json) printJson(ctx, { keys });
    else
      ctx.io.stdout.write(
        `${table(
          ["id", "name", "key", "created", "last used"],
          keys.map((k) => [
            k.id,
            k.name,
            `${k.prefix}…${k.last4}`,
            day(k.createdAt),
            day(k.lastUsedAt)
          ])
        )}
`
      );
    return EXIT.OK;
  }
  if (action === "revoke") {
    if (rest.length !== 1) throw usage("keys revoke takes one key id (see figapi keys list)");
    const api = client(ctx);
    const revoked = await call(ctx, () => api.keys.revoke(rest[0], { signal: ctx.signal }));
    if (ctx.json) printJson(ctx, revoked);
    else ctx.io.stdout.write(`Revoked ${revoked.id} at ${revoked.revokedAt}
`);
    return EXIT.OK;
  }
  throw usage(
    action === void 0 ? "keys needs an action: create, list or revoke <id>" : `Expected create, list or revoke after keys but received ${action}`
  );
}
async function readKey(ctx) {
  const { stdin, stderr } = ctx.io;
  if (!stdin.isTTY) {
    let text = "";
    for await (const chunk of stdin) text += String(chunk);
    return text.split("\n")[0].trim();
  }
  stderr.write("API key: ");
  const rl = createInterface({ input: stdin, terminal: true });
  rl._writeToOutput = () => {
  };
  const key = await new Promise((resolve6) => rl.once("line", resolve6));
  rl.close();
  stderr.write("\n");
  return key.trim();
}
async function runLogin(ctx, values, args) {
  if (args.length) throw usage(`login takes --key and --base-url, not ${args.join(" ")}`);
  const key = typeof values.key === "string" ? values.key : await readKey(ctx);
  if (!key) throw new CliError(EXIT.AUTH, "No API key given: pass --key, or type or pipe it in");
  const { baseUrl, configPath: configPath2 } = ctx.settings;
  const api = new FigureApi({ apiKey: key, baseUrl });
  const { balance } = await call(ctx, () => api.credits.get({ signal: ctx.signal }));
  const stored = await readConfig(configPath2);
  await writeConfig(configPath2, { ...stored, apiKey: key, baseUrl });
  if (ctx.json) printJson(ctx, { configPath: configPath2, baseUrl, balance });
  else
    ctx.io.stdout.write(
      `Saved the key for ${baseUrl} to ${configPath2} (balance ${credits(balance)})
`
    );
  return EXIT.OK;
}
async function runLogout(ctx, args) {
  if (args.length) throw usage(`logout takes no arguments but received ${args.join(" ")}`);
  const removed = await removeConfig(ctx.settings.configPath);
  if (ctx.json) printJson(ctx, { removed, configPath: ctx.settings.configPath });
  else
    ctx.io.stdout.write(
      removed ? `Removed ${ctx.settings.configPath}
` : `No config file at ${ctx.settings.configPath}
`
    );
  return EXIT.OK;
}

// packages/cli/src/commands/figure.ts
import { access, readFile as readFile2 } from "node:fs/promises";
import { extname as extname2, resolve as resolve5 } from "node:path";

// packages/cli/src/files.ts
import { mkdir as mkdir2, rename, rm as rm2, writeFile as writeFile2 } from "node:fs/promises";
import { dirname as dirname2 } from "node:path";
async function saveFile(path, bytes) {
  await mkdir2(dirname2(path), { recursive: true });
  const temporary = `${path}.${process.pid}.part`;
  try {
    await writeFile2(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm2(temporary, { force: true });
    throw error;
  }
}

// src/operations/pricing.ts
var PRICES = {
  convertImage: { 300: 1, 600: 2 },
  vectorizeImage: 2,
  enhanceImage: { 2: 2, 4: 4 },
  generateFigure: { png: 10, svg: 8 }
};
var convertCost = (dpi) => PRICES.convertImage[dpi];
var vectorizeCost = () => PRICES.vectorizeImage;
var enhanceCost = (scale) => PRICES.enhanceImage[scale];
var figureCost = (output) => PRICES.generateFigure[output];

// packages/cli/src/batch.ts
async function runBatch(items, concurrency, work, stop = () => false) {
  const results = new Array(items.length).fill(void 0);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker)
  );
  return results;
}

// packages/cli/src/inputs.ts
import { stat as stat2 } from "node:fs/promises";
import { basename as basename2, extname, join as join3, relative as relative2, resolve as resolve4 } from "node:path";

// packages/cli/src/glob.ts
import { readdir as readdir2 } from "node:fs/promises";
import { join as join2, resolve as resolve3 } from "node:path";

// node_modules/tinyglobby/dist/index.mjs
import { readdir, readdirSync, realpath, realpathSync, stat, statSync } from "fs";
import { isAbsolute, posix, resolve as resolve2 } from "path";
import { fileURLToPath } from "url";

// node_modules/fdir/dist/index.mjs
import { createRequire } from "module";
import { basename, dirname as dirname3, normalize, relative, resolve, sep } from "path";
import * as nativeFs from "fs";
var __require = /* @__PURE__ */ createRequire(import.meta.url);
function cleanPath(path) {
  let normalized = normalize(path);
  if (normalized.length > 1 && normalized[normalized.length - 1] === sep) normalized = normalized.substring(0, normalized.length - 1);
  return normalized;
}
var SLASHES_REGEX = /[\\/]/g;
function convertSlashes(path, separator) {
  return path.replace(SLASHES_REGEX, separator);
}
var WINDOWS_ROOT_DIR_REGEX = /^[a-z]:[\\/]$/i;
function isRootDirectory(path) {
  return path === "/" || WINDOWS_ROOT_DIR_REGEX.test(path);
}
function normalizePath(path, options) {
  const { resolvePaths, normalizePath: normalizePath$1, pathSeparator } = options;
  const pathNeedsCleaning = process.platform === "win32" && path.includes("/") || path.startsWith(".");
  if (resolvePaths) path = resolve(path);
  if (normalizePath$1 || pathNeedsCleaning) path = cleanPath(path);
  if (path === ".") return "";
  const needsSeperator = path[path.length - 1] !== pathSeparator;
  return convertSlashes(needsSeperator ? path + pathSeparator : path, pathSeparator);
}
function joinPathWithBasePath(filename, directoryPath) {
  return directoryPath + filename;
}
function joinPathWithRelativePath(root, options) {
  return function(filename, directoryPath) {
    const sameRoot = directoryPath.startsWith(root);
    if (sameRoot) return directoryPath.slice(root.length) + filename;
    else return convertSlashes(relative(root, directoryPath), options.pathSeparator) + options.pathSeparator + filename;
  };
}
function joinPath(filename) {
  return filename;
}
function joinDirectoryPath(filename, directoryPath, separator) {
  return directoryPath + filename + separator;
}
function build$7(root, options) {
  const { relativePaths, includeBasePath } = options;
  return relativePaths && root ? joinPathWithRelativePath(root, options) : includeBasePath ? joinPathWithBasePath : joinPath;
}
function pushDirectoryWithRelativePath(root) {
  return function(directoryPath, paths) {
    paths.push(directoryPath.substring(root.length) || ".");
  };
}
function pushDirectoryFilterWithRelativePath(root) {
  return function(directoryPath, paths, filters) {
    const relativePath = directoryPath.substring(root.length) || ".";
    if (filters.every((filter) => filter(relativePath, true))) paths.push(relativePath);
  };
}
var pushDirectory = (directoryPath, paths) => {
  paths.push(directoryPath || ".");
};
var pushDirectoryFilter = (directoryPath, paths, filters) => {
  const path = directoryPath || ".";
  if (filters.every((filter) => filter(path, true))) paths.push(path);
};
var empty$2 = () => {
};
function build$6(root, options) {
  const { includeDirs, filters, relativePaths } = options;
  if (!includeDirs) return empty$2;
  if (relativePaths) return filters && filters.length ? pushDirectoryFilterWithRelativePath(root) : pushDirectoryWithRelativePath(root);
  return filters && filters.length ? pushDirectoryFilter : pushDirectory;
}
var pushFileFilterAndCount = (filename, _paths, counts, filters) => {
  if (filters.every((filter) => filter(filename, false))) counts.files++;
};
var pushFileFilter = (filename, paths, _counts, filters) => {
  if (filters.every((filter) => filter(filename, false))) paths.push(filename);
};
var pushFileCount = (_filename, _paths, counts, _filters) => {
  counts.files++;
};
var pushFile = (filename, paths) => {
  paths.push(filename);
};
var empty$1 = () => {
};
function build$5(options) {
  const { excludeFiles, filters, onlyCounts } = options;
  if (excludeFiles) return empty$1;
  if (filters && filters.length) return onlyCounts ? pushFileFilterAndCount : pushFileFilter;
  else if (onlyCounts) return pushFileCount;
  else return pushFile;
}
var getArray = (paths) => {
  return paths;
};
var getArrayGroup = () => {
  return [""].slice(0, 0);
};
function build$4(options) {
  return options.group ? getArrayGroup : getArray;
}
var groupFiles = (groups, directory, files) => {
  groups.push({
    directory,
    files,
    dir: directory
  });
};
var empty = () => {
};
function build$3(options) {
  return options.group ? groupFiles : empty;
}
var resolveSymlinksAsync = function(path, state, callback$1) {
  const { queue, fs, options: { suppressErrors } } = state;
  queue.enqueue();
  fs.realpath(path, (error, resolvedPath) => {
    if (error) return queue.dequeue(suppressErrors ? null : error, state);
    fs.stat(resolvedPath, (error$1, stat3) => {
      if (error$1) return queue.dequeue(suppressErrors ? null : error$1, state);
      if (stat3.isDirectory() && isRecursive(path, resolvedPath, state)) return queue.dequeue(null, state);
      callback$1(stat3, resolvedPath);
      queue.dequeue(null, state);
    });
  });
};
var resolveSymlinks = function(path, state, callback$1) {
  const { queue, fs, options: { suppressErrors } } = state;
  queue.enqueue();
  try {
    const resolvedPath = fs.realpathSync(path);
    const stat3 = fs.statSync(resolvedPath);
    if (stat3.isDirectory() && isRecursive(path, resolvedPath, state)) return;
    callback$1(stat3, resolvedPath);
  } catch (e) {
    if (!suppressErrors) throw e;
  }
};
function build$2(options, isSynchronous) {
  if (!options.resolveSymlinks || options.excludeSymlinks) return null;
  return isSynchronous ? resolveSymlinks : resolveSymlinksAsync;
}
function isRecursive(path, resolved, state) {
  if (state.options.useRealPaths) return isRecursiveUsingRealPaths(resolved, state);
  let parent = dirname3(path);
  let depth = 1;
  while (parent !== state.root && depth < 2) {
    const resolvedPath = state.symlinks.get(parent);
    const isSameRoot = !!resolvedPath && (resolvedPath === resolved || resolvedPath.startsWith(resolved) || resolved.startsWith(resolvedPath));
    if (isSameRoot) depth++;
    else parent = dirname3(parent);
  }
  state.symlinks.set(path, resolved);
  return depth > 1;
}
function isRecursiveUsingRealPaths(resolved, state) {
  return state.visited.includes(resolved + state.options.pathSeparator);
}
var onlyCountsSync = (state) => {
  return state.counts;
};
var groupsSync = (state) => {
  return state.groups;
};
var defaultSync = (state) => {
  return state.paths;
};
var limitFilesSync = (state) => {
  return state.paths.slice(0, state.options.maxFiles);
};
var onlyCountsAsync = (state, error, callback$1) => {
  report(error, callback$1, state.counts, state.options.suppressErrors);
  return null;
};
var defaultAsync = (state, error, callback$1) => {
  report(error, callback$1, state.paths, state.options.suppressErrors);
  return null;
};
var limitFilesAsync = (state, error, callback$1) => {
  report(error, callback$1, state.paths.slice(0, state.options.maxFiles), state.options.suppressErrors);
  return null;
};
var groupsAsync = (state, error, callback$1) => {
  report(error, callback$1, state.groups, state.options.suppressErrors);
  return null;
};
function report(error, callback$1, output, suppressErrors) {
  if (error && !suppressErrors) callback$1(error, output);
  else callback$1(null, output);
}
function build$1(options, isSynchronous) {
  const { onlyCounts, group, maxFiles } = options;
  if (onlyCounts) return isSynchronous ? onlyCountsSync : onlyCountsAsync;
  else if (group) return isSynchronous ? groupsSync : groupsAsync;
  else if (maxFiles) return isSynchronous ? limitFilesSync : limitFilesAsync;
  else return isSynchronous ? defaultSync : defaultAsync;
}
var readdirOpts = { withFileTypes: true };
var walkAsync = (state, crawlPath, directoryPath, currentDepth, callback$1) => {
  state.queue.enqueue();
  if (currentDepth < 0) return state.queue.dequeue(null, state);
  const { fs } = state;
  state.visited.push(crawlPath);
  state.counts.directories++;
  fs.readdir(crawlPath || ".", readdirOpts, (error, entries = []) => {
    callback$1(entries, directoryPath, currentDepth);
    state.queue.dequeue(state.options.suppressErrors ? null : error, state);
  });
};
var walkSync = (state, crawlPath, directoryPath, currentDepth, callback$1) => {
  const { fs } = state;
  if (currentDepth < 0) return;
  state.visited.push(crawlPath);
  state.counts.directories++;
  let entries = [];
  try {
    entries = fs.readdirSync(crawlPath || ".", readdirOpts);
  } catch (e) {
    if (!state.options.suppressErrors) throw e;
  }
  callback$1(entries, directoryPath, currentDepth);
};
function build(isSynchronous) {
  return isSynchronous ? walkSync : walkAsync;
}
var Queue = class {
  count = 0;
  constructor(onQueueEmpty) {
    this.onQueueEmpty = onQueueEmpty;
  }
  enqueue() {
    this.count++;
    return this.count;
  }
  dequeue(error, output) {
    if (this.onQueueEmpty && (--this.count <= 0 || error)) {
      this.onQueueEmpty(error, output);
      if (error) {
        output.controller.abort();
        this.onQueueEmpty = void 0;
      }
    }
  }
};
var Counter = class {
  _files = 0;
  _directories = 0;
  set files(num) {
    this._files = num;
  }
  get files() {
    return this._files;
  }
  set directories(num) {
    this._directories = num;
  }
  get directories() {
    return this._directories;
  }
  /**
  * @deprecated use `directories` instead
  */
  /* c8 ignore next 3 */
  get dirs() {
    return this._directories;
  }
};
var Aborter = class {
  aborted = false;
  abort() {
    this.aborted = true;
  }
};
var Walker = class {
  root;
  isSynchronous;
  state;
  joinPath;
  pushDirectory;
  pushFile;
  getArray;
  groupFiles;
  resolveSymlink;
  walkDirectory;
  callbackInvoker;
  constructor(root, options, callback$1) {
    this.isSynchronous = !callback$1;
    this.callbackInvoker = build$1(options, this.isSynchronous);
    this.root = normalizePath(root, options);
    this.state = {
      root: isRootDirectory(this.root) ? this.root : this.root.slice(0, -1),
      paths: [""].slice(0, 0),
      groups: [],
      counts: new Counter(),
      options,
      queue: new Queue((error, state) => this.callbackInvoker(state, error, callback$1)),
      symlinks: /* @__PURE__ */ new Map(),
      visited: [""].slice(0, 0),
      controller: new Aborter(),
      fs: options.fs || nativeFs
    };
    this.joinPath = build$7(this.root, options);
    this.pushDirectory = build$6(this.root, options);
    this.pushFile = build$5(options);
    this.getArray = build$4(options);
    this.groupFiles = build$3(options);
    this.resolveSymlink = build$2(options, this.isSynchronous);
    this.walkDirectory = build(this.isSynchronous);
  }
  start() {
    this.pushDirectory(this.root, this.state.paths, this.state.options.filters);
    this.walkDirectory(this.state, this.root, this.root, this.state.options.maxDepth, this.walk);
    return this.isSynchronous ? this.callbackInvoker(this.state, null) : null;
  }
  walk = (entries, directoryPath, depth) => {
    const { paths, options: { filters, resolveSymlinks: resolveSymlinks$1, excludeSymlinks, exclude, maxFiles, signal, useRealPaths, pathSeparator }, controller: controller2 } = this.state;
    if (controller2.aborted || signal && signal.aborted || maxFiles && paths.length > maxFiles) return;
    const files = this.getArray(this.state.paths);
    for (let i = 0; i < entries.length; ++i) {
      const entry = entries[i];
      if (entry.isFile() || entry.isSymbolicLink() && !resolveSymlinks$1 && !excludeSymlinks) {
        const filename = this.joinPath(entry.name, directoryPath);
        this.pushFile(filename, files, this.state.counts, filters);
      } else if (entry.isDirectory()) {
        let path = joinDirectoryPath(entry.name, directoryPath, this.state.options.pathSeparator);
        if (exclude && exclude(entry.name, path)) continue;
        this.pushDirectory(path, paths, filters);
        this.walkDirectory(this.state, path, path, depth - 1, this.walk);
      } else if (this.resolveSymlink && entry.isSymbolicLink()) {
        let path = joinPathWithBasePath(entry.name, directoryPath);
        this.resolveSymlink(path, this.state, (stat3, resolvedPath) => {
          if (stat3.isDirectory()) {
            resolvedPath = normalizePath(resolvedPath, this.state.options);
            if (exclude && exclude(entry.name, useRealPaths ? resolvedPath : path + pathSeparator)) return;
            this.walkDirectory(this.state, resolvedPath, useRealPaths ? resolvedPath : path + pathSeparator, depth - 1, this.walk);
          } else {
            resolvedPath = useRealPaths ? resolvedPath : path;
            const filename = basename(resolvedPath);
            const directoryPath$1 = normalizePath(dirname3(resolvedPath), this.state.options);
            resolvedPath = this.joinPath(filename, directoryPath$1);
            this.pushFile(resolvedPath, files, this.state.counts, filters);
          }
        });
      }
    }
    this.groupFiles(this.state.groups, directoryPath, files);
  };
};
function promise(root, options) {
  return new Promise((resolve$1, reject) => {
    callback(root, options, (err, output) => {
      if (err) return reject(err);
      resolve$1(output);
    });
  });
}
function callback(root, options, callback$1) {
  let walker = new Walker(root, options, callback$1);
  walker.start();
}
function sync(root, options) {
  const walker = new Walker(root, options);
  return walker.start();
}
var APIBuilder = class {
  constructor(root, options) {
    this.root = root;
    this.options = options;
  }
  withPromise() {
    return promise(this.root, this.options);
  }
  withCallback(cb) {
    callback(this.root, this.options, cb);
  }
  sync() {
    return sync(this.root, this.options);
  }
};
var pm = null;
try {
  __require.resolve("picomatch");
  pm = __require("picomatch");
} catch {
}
var Builder = class {
  globCache = {};
  options = {
    maxDepth: Infinity,
    suppressErrors: true,
    pathSeparator: sep,
    filters: []
  };
  globFunction;
  constructor(options) {
    this.options = {
      ...this.options,
      ...options
    };
    this.globFunction = this.options.globFunction;
  }
  group() {
    this.options.group = true;
    return this;
  }
  withPathSeparator(separator) {
    this.options.pathSeparator = separator;
    return this;
  }
  withBasePath() {
    this.options.includeBasePath = true;
    return this;
  }
  withRelativePaths() {
    this.options.relativePaths = true;
    return this;
  }
  withDirs() {
    this.options.includeDirs = true;
    return this;
  }
  withMaxDepth(depth) {
    this.options.maxDepth = depth;
    return this;
  }
  withMaxFiles(limit) {
    this.options.maxFiles = limit;
    return this;
  }
  withFullPaths() {
    this.options.resolvePaths = true;
    this.options.includeBasePath = true;
    return this;
  }
  withErrors() {
    this.options.suppressErrors = false;
    return this;
  }
  withSymlinks({ resolvePaths = true } = {}) {
    this.options.resolveSymlinks = true;
    this.options.useRealPaths = resolvePaths;
    return this.withFullPaths();
  }
  withAbortSignal(signal) {
    this.options.signal = signal;
    return this;
  }
  normalize() {
    this.options.normalizePath = true;
    return this;
  }
  filter(predicate) {
    this.options.filters.push(predicate);
    return this;
  }
  onlyDirs() {
    this.options.excludeFiles = true;
    this.options.includeDirs = true;
    return this;
  }
  exclude(predicate) {
    this.options.exclude = predicate;
    return this;
  }
  onlyCounts() {
    this.options.onlyCounts = true;
    return this;
  }
  crawl(root) {
    return new APIBuilder(root || ".", this.options);
  }
  withGlobFunction(fn) {
    this.globFunction = fn;
    return this;
  }
  /**
  * @deprecated Pass options using the constructor instead:
  * ```ts
  * new fdir(options).crawl("/path/to/root");
  * ```
  * This method will be removed in v7.0
  */
  /* c8 ignore next 4 */
  crawlWithOptions(root, options) {
    this.options = {
      ...this.options,
      ...options
    };
    return new APIBuilder(root || ".", this.options);
  }
  glob(...patterns) {
    if (this.globFunction) return this.globWithOptions(patterns);
    return this.globWithOptions(patterns, ...[{ dot: true }]);
  }
  globWithOptions(patterns, ...options) {
    const globFn = this.globFunction || pm;
    if (!globFn) throw new Error("Please specify a glob function to use glob matching.");
    var isMatch = this.globCache[patterns.join("\0")];
    if (!isMatch) {
      isMatch = globFn(patterns, ...options);
      this.globCache[patterns.join("\0")] = isMatch;
    }
    this.options.filters.push((path) => isMatch(path));
    return this;
  }
};

// node_modules/tinyglobby/dist/index.mjs
var import_picomatch = __toESM(require_picomatch2(), 1);
var isReadonlyArray = Array.isArray;
var BACKSLASHES = /\\/g;
var DRIVE_RELATIVE_PATH = /^[A-Za-z]:$/;
var isWin = process.platform === "win32";
var ONLY_PARENT_DIRECTORIES = /^(\/?\.\.)+$/;
function getPartialMatcher(patterns, options = {}) {
  const patternsCount = patterns.length;
  const patternsParts = Array(patternsCount);
  const matchers = Array(patternsCount);
  let i, j;
  for (i = 0; i < patternsCount; i++) {
    const parts = splitPattern(patterns[i]);
    patternsParts[i] = parts;
    const partsCount = parts.length;
    const partMatchers = Array(partsCount);
    for (j = 0; j < partsCount; j++) partMatchers[j] = (0, import_picomatch.default)(parts[j], options);
    matchers[i] = partMatchers;
  }
  return (input) => {
    const inputParts = input.split("/");
    if (inputParts[0] === ".." && ONLY_PARENT_DIRECTORIES.test(input)) return true;
    for (i = 0; i < patternsCount; i++) {
      const patternParts = patternsParts[i];
      const matcher = matchers[i];
      const inputPatternCount = inputParts.length;
      const minParts = Math.min(inputPatternCount, patternParts.length);
      j = 0;
      while (j < minParts) {
        const part = patternParts[j];
        if (part.includes("/")) return true;
        if (!matcher[j](inputParts[j])) break;
        if (!options.noglobstar && part === "**") return true;
        j++;
      }
      if (j === inputPatternCount) return true;
    }
    return false;
  };
}
var WIN32_ROOT_DIR = /^[A-Z]:\/$/i;
var isRoot = isWin ? (p) => WIN32_ROOT_DIR.test(p) : (p) => p === "/";
function buildFormat(cwd, root, absolute) {
  if (cwd === root || root.startsWith(`${cwd}/`)) {
    if (absolute) {
      const start = cwd.length + +!isRoot(cwd);
      return (p, isDir) => p.slice(start, isDir ? -1 : void 0) || ".";
    }
    const prefix = root.slice(cwd.length + 1);
    if (prefix) return (p, isDir) => {
      if (p === ".") return prefix;
      const result = `${prefix}/${p}`;
      return isDir ? result.slice(0, -1) : result;
    };
    return (p, isDir) => isDir && p !== "." ? p.slice(0, -1) : p;
  }
  if (absolute) return (p) => posix.relative(cwd, p) || ".";
  return (p) => posix.relative(cwd, `${root}/${p}`) || ".";
}
function buildRelative(cwd, root) {
  if (root.startsWith(`${cwd}/`)) {
    const prefix = root.slice(cwd.length + 1);
    return (p) => `${prefix}/${p}`;
  }
  return (p) => {
    const result = posix.relative(cwd, `${root}/${p}`);
    return p[p.length - 1] === "/" && result !== "" ? `${result}/` : result || ".";
  };
}
function ensureNonDriveRelativePath(path) {
  return path.replace(DRIVE_RELATIVE_PATH, (match) => `${match}/`);
}
var splitPatternOptions = { parts: true };
function splitPattern(path) {
  var _result$parts;
  const result = import_picomatch.default.scan(path, splitPatternOptions);
  return ((_result$parts = result.parts) === null || _result$parts === void 0 ? void 0 : _result$parts.length) ? result.parts : [path];
}
var POSIX_UNESCAPED_GLOB_SYMBOLS = /(?<!\\)([()[\]{}*?|]|^!|[!+@](?=\()|\\(?![()[\]{}!*+?@|]))/g;
var WIN32_UNESCAPED_GLOB_SYMBOLS = /(?<!\\)([()[\]{}]|^!|[!+@](?=\())/g;
var escapePosixPath = (path) => path.replace(POSIX_UNESCAPED_GLOB_SYMBOLS, "\\$&");
var escapeWin32Path = (path) => path.replace(WIN32_UNESCAPED_GLOB_SYMBOLS, "\\$&");
var escapePath = isWin ? escapeWin32Path : escapePosixPath;
function isDynamicPattern(pattern, options) {
  if ((options === null || options === void 0 ? void 0 : options.caseSensitiveMatch) === false) return true;
  const scan = import_picomatch.default.scan(pattern);
  return scan.isGlob || scan.negated;
}
function log(...tasks) {
  console.log(`[tinyglobby ${(/* @__PURE__ */ new Date()).toLocaleTimeString("es")}]`, ...tasks);
}
function ensureStringArray(value) {
  return typeof value === "string" ? [value] : value !== null && value !== void 0 ? value : [];
}
var PARENT_DIRECTORY = /^(\/?\.\.)+/;
var ESCAPING_BACKSLASHES = /\\(?=[()[\]{}!*+?@|])/g;
function normalizePattern(pattern, opts, props, isIgnore) {
  var _PARENT_DIRECTORY$exe;
  const cwd = opts.cwd;
  let result = pattern;
  if (pattern[pattern.length - 1] === "/") result = pattern.slice(0, -1);
  if (result[result.length - 1] !== "*" && opts.expandDirectories) result += "/**";
  const escapedCwd = escapePath(cwd);
  result = isAbsolute(result.replace(ESCAPING_BACKSLASHES, "")) ? posix.relative(escapedCwd, result) : posix.normalize(result);
  const parentDir = (_PARENT_DIRECTORY$exe = PARENT_DIRECTORY.exec(result)) === null || _PARENT_DIRECTORY$exe === void 0 ? void 0 : _PARENT_DIRECTORY$exe[0];
  const parts = splitPattern(result);
  if (parentDir) {
    const n = (parentDir.length + 1) / 3;
    let i = 0;
    const cwdParts = escapedCwd.split("/");
    while (i < n && parts[i + n] === cwdParts[cwdParts.length + i - n]) {
      result = result.slice(0, (n - i - 1) * 3) + result.slice((n - i) * 3 + parts[i + n].length + 1) || ".";
      i++;
    }
    const potentialRoot = posix.join(cwd, parentDir.slice(i * 3));
    if (potentialRoot[0] !== "." && props.root.length > potentialRoot.length) {
      props.root = ensureNonDriveRelativePath(potentialRoot);
      props.depthOffset = -n + i;
    }
  }
  if (!isIgnore && props.depthOffset >= 0) {
    var _props$commonPath;
    (_props$commonPath = props.commonPath) !== null && _props$commonPath !== void 0 || (props.commonPath = parts);
    const newCommonPath = [];
    const length = Math.min(props.commonPath.length, parts.length);
    for (let i = 0; i < length; i++) {
      const part = parts[i];
      if (part === "**" && !parts[i + 1]) {
        newCommonPath.pop();
        break;
      }
      if (i === parts.length - 1 || part !== props.commonPath[i] || isDynamicPattern(part)) break;
      newCommonPath.push(part);
    }
    props.depthOffset = newCommonPath.length;
    props.commonPath = newCommonPath;
    props.root = ensureNonDriveRelativePath(newCommonPath.length > 0 ? posix.join(cwd, ...newCommonPath) : cwd);
  }
  return result;
}
function processPatterns(options, patterns, props) {
  const matchPatterns = [];
  const ignorePatterns = [];
  for (const pattern of options.ignore) {
    if (!pattern) continue;
    if (pattern[0] !== "!" || pattern[1] === "(") ignorePatterns.push(normalizePattern(pattern, options, props, true));
  }
  for (const pattern of patterns) {
    if (!pattern) continue;
    if (pattern[0] !== "!" || pattern[1] === "(") matchPatterns.push(normalizePattern(pattern, options, props, false));
    else if (pattern[1] !== "!" || pattern[2] === "(") ignorePatterns.push(normalizePattern(pattern.slice(1), options, props, true));
  }
  return {
    match: matchPatterns,
    ignore: ignorePatterns
  };
}
function buildCrawler(options, patterns) {
  const cwd = options.cwd;
  const props = {
    root: cwd,
    depthOffset: 0
  };
  const processed = processPatterns(options, patterns, props);
  if (options.debug) log("internal processing patterns:", processed);
  const { absolute, caseSensitiveMatch, debug, dot, followSymbolicLinks, onlyDirectories } = options;
  const root = props.root.replace(BACKSLASHES, "");
  const matchOptions = {
    dot,
    nobrace: options.braceExpansion === false,
    nocase: !caseSensitiveMatch,
    noextglob: options.extglob === false,
    noglobstar: options.globstar === false,
    posix: true
  };
  const matcher = (0, import_picomatch.default)(processed.match, matchOptions);
  const ignore = (0, import_picomatch.default)(processed.ignore, matchOptions);
  const partialMatcher = getPartialMatcher(processed.match, matchOptions);
  const format = buildFormat(cwd, root, absolute);
  const excludeFormatter = absolute ? format : buildFormat(cwd, root, true);
  const excludePredicate = (_, p) => {
    const relativePath = excludeFormatter(p, true);
    return relativePath !== "." && !partialMatcher(relativePath) || ignore(relativePath);
  };
  let maxDepth;
  if (options.deep !== void 0) maxDepth = Math.round(options.deep - props.depthOffset);
  const crawler = new Builder({
    filters: [debug ? (p, isDirectory) => {
      const path = format(p, isDirectory);
      const matches = matcher(path) && !ignore(path);
      if (matches) log(`matched ${path}`);
      return matches;
    } : (p, isDirectory) => {
      const path = format(p, isDirectory);
      return matcher(path) && !ignore(path);
    }],
    exclude: debug ? (_, p) => {
      const skipped = excludePredicate(_, p);
      log(`${skipped ? "skipped" : "crawling"} ${p}`);
      return skipped;
    } : excludePredicate,
    fs: options.fs,
    pathSeparator: "/",
    relativePaths: !absolute,
    resolvePaths: absolute,
    includeBasePath: absolute,
    resolveSymlinks: followSymbolicLinks,
    excludeSymlinks: !followSymbolicLinks,
    excludeFiles: onlyDirectories,
    includeDirs: onlyDirectories || !options.onlyFiles,
    maxDepth,
    signal: options.signal
  }).crawl(root);
  if (options.debug) log("internal properties:", {
    ...props,
    root
  });
  return [crawler, cwd !== root && !absolute && buildRelative(cwd, root)];
}
function formatPaths(paths, mapper) {
  if (mapper) for (let i = paths.length - 1; i >= 0; i--) paths[i] = mapper(paths[i]);
  return paths;
}
var defaultOptions = {
  caseSensitiveMatch: true,
  debug: !!process.env.TINYGLOBBY_DEBUG,
  expandDirectories: true,
  followSymbolicLinks: true,
  onlyFiles: true
};
function getOptions(options) {
  const opts = Object.assign({}, options);
  for (const key in defaultOptions) if (opts[key] === void 0) Object.assign(opts, { [key]: defaultOptions[key] });
  opts.cwd = (opts.cwd instanceof URL ? fileURLToPath(opts.cwd) : resolve2(opts.cwd || process.cwd())).replace(BACKSLASHES, "/");
  opts.ignore = ensureStringArray(opts.ignore);
  opts.fs && (opts.fs = {
    readdir: opts.fs.readdir || readdir,
    readdirSync: opts.fs.readdirSync || readdirSync,
    realpath: opts.fs.realpath || realpath,
    realpathSync: opts.fs.realpathSync || realpathSync,
    stat: opts.fs.stat || stat,
    statSync: opts.fs.statSync || statSync
  });
  if (opts.debug) log("globbing with options:", opts);
  return opts;
}
function getCrawler(globInput, inputOptions = {}) {
  var _ref;
  if (globInput && (inputOptions === null || inputOptions === void 0 ? void 0 : inputOptions.patterns)) throw new Error("Cannot pass patterns as both an argument and an option");
  const isModern = isReadonlyArray(globInput) || typeof globInput === "string";
  const patterns = ensureStringArray((_ref = isModern ? globInput : globInput.patterns) !== null && _ref !== void 0 ? _ref : "**/*");
  const options = getOptions(isModern ? inputOptions : globInput);
  return patterns.length > 0 ? buildCrawler(options, patterns) : [];
}
async function glob(globInput, options) {
  const [crawler, relative3] = getCrawler(globInput, options);
  return crawler ? formatPaths(await crawler.withPromise(), relative3) : [];
}

// packages/cli/src/glob.ts
var hasMagic = (text) => /[*?[{]/.test(text);
function splitPattern2(pattern) {
  const normalized = pattern.replace(/\\/g, "/");
  const segments = normalized.split("/");
  const firstMagic = segments.findIndex(hasMagic);
  if (firstMagic < 0) return { base: normalized, rest: "" };
  const baseSegments = segments.slice(0, firstMagic);
  const base = baseSegments.length === 0 ? "." : baseSegments.join("/") || "/";
  return { base, rest: segments.slice(firstMagic).join("/") };
}
async function expandGlob(pattern, cwd) {
  const { base, rest } = splitPattern2(pattern);
  const root = resolve3(cwd, base);
  const rels = await glob(rest, {
    cwd: root,
    onlyFiles: true,
    dot: false,
    expandDirectories: false
  });
  return rels.filter((rel) => !rel.split("/").some((segment) => segment.startsWith("."))).map((rel) => ({ path: join2(root, rel), rel })).sort((a, b) => a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);
}
async function walk(dir, rel, depth, visit) {
  if (depth < 1) return;
  let entries;
  try {
    entries = await readdir2(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const childRel = rel ? `${rel}/${entry.name}` : entry.name;
    const childPath = join2(dir, entry.name);
    if (entry.isDirectory()) await walk(childPath, childRel, depth - 1, visit);
    else if (entry.isFile()) visit(childRel, childPath);
  }
}

// packages/cli/src/inputs.ts
var IMAGE_EXTENSIONS = /* @__PURE__ */ new Set([".png", ".jpg", ".jpeg", ".webp", ".tif", ".tiff"]);
var OUTPUT_NAME = /\.(?:300dpi|600dpi|lineart|trace|x2|x4)\.[a-z]+$/i;
var isUrl = (text) => /^https?:\/\//i.test(text);
var isImageName = (name) => IMAGE_EXTENSIONS.has(extname(name).toLowerCase()) && !OUTPUT_NAME.test(name);
function urlName(url) {
  let name = "";
  try {
    const segment = new URL(url).pathname.split("/").filter(Boolean).pop() ?? "";
    name = decodeURIComponent(segment);
  } catch {
    name = "";
  }
  name = name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^\.+/, "");
  return name || "image";
}
async function expandInputs(args, options) {
  const inputs = [];
  const seen = /* @__PURE__ */ new Set();
  const add = (input) => {
    const id = input.kind === "file" ? input.path : input.url;
    if (seen.has(id)) return;
    seen.add(id);
    inputs.push(input);
  };
  for (const arg of args) {
    if (isUrl(arg)) {
      add({ kind: "url", url: arg, rel: urlName(arg), label: arg });
      continue;
    }
    const path = resolve4(options.cwd, arg);
    const info = await stat2(path).catch(() => null);
    if (info?.isFile()) {
      add({ kind: "file", path, rel: basename2(path), label: arg });
      continue;
    }
    if (info?.isDirectory()) {
      const found = [];
      await walk(path, "", options.recursive ? Number.POSITIVE_INFINITY : 1, (rel, file) => {
        if (isImageName(basename2(rel)))
          found.push({ kind: "file", path: file, rel, label: join3(arg, rel) });
      });
      if (found.length === 0)
        throw usage(
          `No PNG, JPEG, WebP or TIFF files in the folder ${arg}${options.recursive ? "" : " (add --recursive to look in its sub-folders)"}`
        );
      found.sort((a, b) => a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0).forEach(add);
      continue;
    }
    if (hasMagic(arg)) {
      const matches = (await expandGlob(arg, options.cwd)).filter(
        (m) => isImageName(basename2(m.rel))
      );
      if (matches.length === 0) throw usage(`No image files match ${arg}`);
      for (const m of matches)
        add({ kind: "file", path: m.path, rel: m.rel, label: relative2(options.cwd, m.path) });
      continue;
    }
    throw usage(`No such file or folder: ${arg}`);
  }
  return inputs;
}
function outputPathFor(input, naming) {
  if (naming.output !== void 0) {
    const output = resolve4(naming.cwd, naming.output);
    if (input.kind === "file" && output === input.path)
      throw usage(`-o ${naming.output} would overwrite the input: choose another name`);
    return output;
  }
  const rel = input.rel;
  const stem = rel.slice(0, rel.length - extname(rel).length) || rel;
  const name = `${stem}${naming.suffix}.${naming.extension}`;
  if (naming.outDir !== void 0) return resolve4(naming.cwd, naming.outDir, name);
  if (input.kind === "url") return resolve4(naming.cwd, name);
  return join3(input.path.slice(0, input.path.length - rel.length), name);
}

// packages/cli/src/progress.ts
var silentProgress = {
  start() {
  },
  done() {
  },
  retry() {
  },
  finish() {
  }
};
function lineProgress(stream) {
  return {
    start() {
    },
    done(o) {
      const replay = o.replayed ? ", replayed" : "";
      const spent = o.credits === void 0 ? "" : ` (${credits(o.credits)}${replay})`;
      stream.write(
        o.ok ? `ok      ${o.label} -> ${o.detail}${spent}
` : `failed  ${o.label}: ${o.detail}
`
      );
    },
    retry(label, info) {
      stream.write(
        `retry   ${label}: ${info.reason}, attempt ${info.attempt} in ${(info.delayMs / 1e3).toFixed(1)} s
`
      );
    },
    finish() {
    }
  };
}
function barProgress(stream, total) {
  let finished = 0;
  let failed = 0;
  const running = [];
  const draw = () => {
    const width = 24;
    const filled = total === 0 ? width : Math.round(finished / total * width);
    const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
    const failures = failed ? `  ${failed} failed` : "";
    let line = `${bar} ${finished}/${total}${failures}  ${running.join(", ")}`;
    const columns = stream.columns || 80;
    if (line.length > columns - 1) line = `${line.slice(0, columns - 2)}…`;
    stream.write(`\r\x1B[K${line}`);
  };
  return {
    start(label) {
      running.push(label);
      draw();
    },
    done(o) {
      finished++;
      if (!o.ok) {
        failed++;
        stream.write(`\r\x1B[Kfailed  ${o.label}: ${o.detail}
`);
      }
      const at = running.indexOf(o.label);
      if (at >= 0) running.splice(at, 1);
      draw();
    },
    retry(label, info) {
      stream.write(
        `\r\x1B[Kretry   ${label}: ${info.reason}, in ${(info.delayMs / 1e3).toFixed(1)} s
`
      );
      draw();
    },
    finish() {
      stream.write("\r\x1B[K");
    }
  };
}

// packages/cli/src/commands/image.ts
var BATCH_OPTIONS = {
  output: { type: "string", short: "o" },
  "out-dir": { type: "string" },
  concurrency: { type: "string" },
  recursive: { type: "boolean", short: "r" },
  "no-check": { type: "boolean" }
};
var str = (v) => typeof v === "string" ? v : void 0;
var FORMAT_OF_EXTENSION = {
  png: "png",
  tif: "tiff",
  tiff: "tiff",
  pdf: "pdf",
  svg: "svg",
  dxf: "dxf"
};
var impliedFormat = (values) => {
  const output = str(values.output);
  const extension = output?.split(".").pop()?.toLowerCase();
  return str(values.format) ?? (extension ? FORMAT_OF_EXTENSION[extension] : void 0);
};
function pageField(values, format) {
  const page = str(values.page);
  if (page === void 0) return {};
  if (format !== "pdf") throw usage("--page applies to PDF only: add --format pdf");
  return { page: wordChoice(page, ["a4", "letter"], "--page", "a4") };
}
var convert = {
  name: "convert",
  options: {
    format: { type: "string", short: "f" },
    dpi: { type: "string" },
    mode: { type: "string" },
    page: { type: "string" }
  },
  plan(values) {
    const implied = impliedFormat(values);
    const format = wordChoice(
      implied && ["png", "tiff", "pdf"].includes(implied) ? implied : str(values.format),
      ["png", "tiff", "pdf"],
      "--format",
      "png",
      { tif: "tiff" }
    );
    const dpi = intChoice(str(values.dpi), [300, 600], "--dpi", 300);
    const mode = wordChoice(
      str(values.mode),
      ["auto", "bilevel", "gray"],
      "--mode",
      "auto"
    );
    const fields = { format, dpi, mode, ...pageField(values, format) };
    return {
      fields,
      costEach: convertCost(dpi),
      ...dpi === 600 ? { cheaper: { advice: "use --dpi 300", costEach: convertCost(300) } } : {},
      suffix: `.${dpi}dpi`,
      extension: format === "tiff" ? "tif" : format
    };
  },
  call: (api, input, options) => api.convert(input, options)
};
var vectorize = {
  name: "vectorize",
  options: {
    format: { type: "string", short: "f" },
    engine: { type: "string", short: "e" },
    page: { type: "string" }
  },
  plan(values) {
    const implied = impliedFormat(values);
    const format = wordChoice(
      implied && ["svg", "dxf", "pdf"].includes(implied) ? implied : str(values.format),
      ["svg", "dxf", "pdf"],
      "--format",
      "svg"
    );
    const engine = wordChoice(
      str(values.engine),
      ["lineart", "trace"],
      "--engine",
      "lineart"
    );
    return {
      fields: { format, engine, ...pageField(values, format) },
      costEach: vectorizeCost(),
      suffix: `.${engine}`,
      extension: format
    };
  },
  call: (api, input, options) => api.vectorize(input, options)
};
var enhance = {
  name: "enhance",
  options: {
    scale: { type: "string", short: "s" },
    dpi: { type: "string" },
    mode: { type: "string" }
  },
  plan(values) {
    const scale = intChoice(str(values.scale), [2, 4], "--scale", 2);
    const dpi = intChoice(str(values.dpi), [300, 600], "--dpi", 300);
    const mode = wordChoice(
      str(values.mode),
      ["auto", "bilevel", "gray"],
      "--mode",
      "auto"
    );
    return {
      fields: { scale, dpi, mode },
      costEach: enhanceCost(scale),
      ...scale === 4 ? { cheaper: { advice: "use --scale 2", costEach: enhanceCost(2) } } : {},
      suffix: `.x${scale}`,
      extension: "png"
    };
  },
  call: (api, input, options) => api.enhance(input, options)
};
async function ensureCredits(ctx, api, need) {
  let balance;
  try {
    balance = (await api.credits.get({ signal: ctx.signal })).balance;
  } catch (error) {
    throw failureError(describeError(error, ctx.settings.baseUrl));
  }
  const needed = need.count * need.costEach;
  if (balance < needed) throw new CliError(EXIT.CREDITS, insufficientMessage(balance, needed, need));
}
function progressFor(ctx, total) {
  if (ctx.json) return silentProgress;
  return ctx.io.stderr.isTTY ? barProgress(ctx.io.stderr, total) : lineProgress(ctx.io.stderr);
}
async function runImageCommand(ctx, command, values, args) {
  const plan = command.plan(values);
  if (args.length === 0)
    throw usage(
      `${command.name} needs at least one input: a file, folder, glob or URL (see figapi help ${command.name})`
    );
  const output = str(values.output);
  const outDir = str(values["out-dir"]);
  if (output !== void 0 && outDir !== void 0) throw usage("Use -o or --out-dir, not both");
  const concurrency = intRange(str(values.concurrency), 1, 16, "--concurrency", 2);
  const inputs = await expandInputs(args, { cwd: ctx.io.cwd, recursive: values.recursive === true });
  if (output !== void 0 && inputs.length > 1)
    throw usage(
      `-o names one output file but there are ${inputs.length} inputs: use --out-dir instead`
    );
  const naming = {
    suffix: plan.suffix,
    extension: plan.extension,
    cwd: ctx.io.cwd,
    ...output === void 0 ? {} : { output },
    ...outDir === void 0 ? {} : { outDir }
  };
  const outputs = inputs.map((input) => outputPathFor(input, naming));
  const api = client(ctx);
  const need = {
    count: inputs.length,
    costEach: plan.costEach,
    ...plan.cheaper ? { cheaper: plan.cheaper } : {}
  };
  if (values["no-check"] !== true) await ensureCredits(ctx, api, need);
  const progress = progressFor(ctx, inputs.length);
  let stopped;
  const results = await runBatch(
    inputs,
    concurrency,
    async (input, index) => {
      const target = outputs[index];
      progress.start(input.label);
      let result;
      try {
        result = await command.call(
          api,
          { ...sourceOf(input), ...plan.fields },
          { signal: ctx.signal, onRetry: (info) => progress.retry(input.label, info) }
        );
        await saveFile(target, await api.download(result.url, { signal: ctx.signal }));
      } catch (error) {
        const failure = describeError(error, ctx.settings.baseUrl, need);
        const message = result ? `${failure.message}; the result was made and charged, download it from ${result.url}` : failure.message;
        if (STOPS_BATCH.has(failure.exitCode) && !stopped) stopped = { ...failure, message };
        progress.done({ label: input.label, ok: false, detail: message });
        return {
          input: input.label,
          status: "failed",
          exitCode: failure.exitCode,
          ...result ? { creditsConsumed: result.creditsConsumed, data: result } : {},
          error: {
            message,
            ...failure.code ? { code: failure.code } : {},
            ...failure.status ? { status: failure.status } : {},
            ...failure.requestId ? { requestId: failure.requestId } : {}
          }
        };
      }
      progress.done({
        label: input.label,
        ok: true,
        detail: displayPath(ctx, target),
        credits: result.creditsConsumed,
        replayed: result.replayed
      });
      return {
        input: input.label,
        status: "ok",
        output: target,
        creditsConsumed: result.creditsConsumed,
        data: result
      };
    },
    () => stopped !== void 0 || ctx.signal.aborted
  );
  progress.finish();
  const rows = results.map((row, i) => row ?? { input: inputs[i].label, status: "skipped" });
  const exitCode = worstExit(rows.flatMap((r) => r.exitCode === void 0 ? [] : [r.exitCode]));
  const spent = rows.reduce((sum, r) => sum + (r.creditsConsumed ?? 0), 0);
  const skipped = rows.filter((r) => r.status === "skipped").length;
  if (ctx.json) {
    printJson(ctx, {
      ok: exitCode === EXIT.OK,
      exitCode,
      creditsConsumed: spent,
      results: rows.map(({ exitCode: _, ...row }) => row)
    });
  } else {
    ctx.io.stdout.write(
      `${table(
        ["file", "status", "credits", "output"],
        rows.map((r) => [
          r.input,
          r.status,
          r.creditsConsumed === void 0 ? "-" : String(r.creditsConsumed),
          r.output ? displayPath(ctx, r.output) : r.error?.message ?? ""
        ])
      )}
`
    );
    const done = rows.filter((r) => r.status === "ok").length;
    const failed = rows.filter((r) => r.status === "failed").length;
    ctx.io.stdout.write(
      `${done} done, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}; ${credits(spent)} used
`
    );
  }
  if (stopped)
    ctx.io.stderr.write(
      `figapi: ${stopped.message}${skipped ? ` (${skipped} inputs not started)` : ""}
`
    );
  return exitCode;
}
var sourceOf = (input) => input.kind === "url" ? { imageUrl: input.url } : { file: input.path, filename: input.rel.split("/").pop() ?? input.rel };
function displayPath(ctx, path) {
  const prefix = ctx.io.cwd.endsWith("/") ? ctx.io.cwd : `${ctx.io.cwd}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

// packages/cli/src/commands/figure.ts
var figureOptions = {
  labeled: { type: "boolean", short: "l" },
  svg: { type: "boolean" },
  ref: { type: "string", multiple: true },
  from: { type: "string" },
  structure: { type: "string" },
  output: { type: "string", short: "o" },
  "out-dir": { type: "string" },
  "no-check": { type: "boolean" }
};
var exists = (path) => access(path).then(
  () => true,
  () => false
);
function sheetPaths(path, labels) {
  if (labels.length <= 1) return [path];
  const extension = extname2(path);
  const stem = path.slice(0, path.length - extension.length);
  const suffixes = labels.map((label, i) => {
    const tail = /^FIG\.\s*\d+(.*)$/i.exec(label.trim())?.[1] ?? "";
    const suffix = tail.replace(/^-/, "").replace(/[^A-Za-z0-9-]/g, "");
    return suffix || letterAt(i);
  });
  const unique = new Set(suffixes).size === suffixes.length;
  return labels.map((_, i) => `${stem}-${unique ? suffixes[i] : letterAt(i)}${extension}`);
}
function letterAt(index) {
  const letter = String.fromCharCode(65 + index % 26);
  return index < 26 ? letter : `${letterAt(Math.floor(index / 26) - 1)}${letter}`;
}
async function freeName(dir, extension, labels) {
  for (let n = 1; ; n++) {
    const path = resolve5(dir, `figure${n === 1 ? "" : `-${n}`}.${extension}`);
    const taken = await Promise.all([path, ...sheetPaths(path, labels)].map(exists));
    if (!taken.includes(true)) return path;
  }
}
async function readStdin(stdin) {
  const chunks = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
async function readStructure(cwd, file) {
  let text;
  try {
    text = await readFile2(resolve5(cwd, file), "utf8");
  } catch (error) {
    const code = error.code;
    throw usage(
      `Could not read --from ${file}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : error.message}`
    );
  }
  let json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw usage(`--from ${file} is not valid JSON: ${jsonProblem(text, error)}`);
  }
  const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
  const candidates = isObject(json) ? [json, json.figure, isObject(json.data) ? json.data.figure : void 0] : [];
  const found = candidates.find((c) => isObject(c) && Array.isArray(c.elements));
  if (!found)
    throw usage(
      `Expected a figure structure in --from ${file} (an object with kind, elements and connections, as --structure writes it) but received ${Array.isArray(json) ? "a list" : isObject(json) ? "an object without elements" : typeof json}`
    );
  return found;
}
function jsonProblem(text, error) {
  const message = error.message.replace(/\.$/, "");
  const at = /at position (\d+)/.exec(message);
  if (!at || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(at[1]));
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return `${message} (line ${line}, column ${column})`;
}
async function runFigure(ctx, values, args) {
  const refs = (values.ref ?? []).map(String);
  let prompt = args.join(" ").trim();
  if (prompt === "-") prompt = (await readStdin(ctx.io.stdin)).trim();
  const from = typeof values.from === "string" ? values.from : void 0;
  if (!prompt && refs.length === 0 && from === void 0)
    throw usage(
      'figure needs a prompt ("a system 100 comprising ..."), a structure (--from figure.json) or at least one --ref image'
    );
  if (refs.length > 4) throw usage(`Expected at most 4 --ref images but received ${refs.length}`);
  const urls = refs.filter((ref) => /^https?:\/\//i.test(ref));
  const files = refs.filter((ref) => !/^https?:\/\//i.test(ref)).map((ref) => resolve5(ctx.io.cwd, ref));
  if (urls.length > 0 && files.length > 0)
    throw usage("Give --ref as URLs or as files, not both in one figure");
  if (files.length > 0 && from !== void 0)
    throw usage("--from cannot be combined with --ref files: send the structure alone, or URLs");
  for (const file of files)
    await access(file).catch(() => {
      throw usage(`Expected a readable image file or an http(s) URL for --ref but received ${file}`);
    });
  const format = values.svg === true ? "svg" : "png";
  const output = typeof values.output === "string" ? values.output : void 0;
  const outDir = typeof values["out-dir"] === "string" ? values["out-dir"] : void 0;
  if (output !== void 0 && outDir !== void 0) throw usage("Use -o or --out-dir, not both");
  const structurePath = typeof values.structure === "string" ? resolve5(ctx.io.cwd, values.structure) : void 0;
  const figure = from === void 0 ? void 0 : await readStructure(ctx.io.cwd, from);
  const api = client(ctx);
  const need = {
    count: 1,
    costEach: figureCost(format),
    ...format === "png" ? { cheaper: { advice: "use --svg", costEach: figureCost("svg") } } : {}
  };
  if (values["no-check"] !== true) await ensureCredits(ctx, api, need);
  const input = files.length > 0 ? {
    ...prompt ? { prompt } : {},
    referenceImages: files,
    output: format,
    labeled: values.labeled === true
  } : {
    ...prompt ? { prompt } : {},
    ...figure ? { figure } : {},
    ...urls.length ? { referenceImageUrls: urls } : {},
    output: format,
    labeled: values.labeled === true
  };
  let result;
  try {
    result = await api.figures.create(input, {
      signal: ctx.signal,
      onRetry: (info) => ctx.json || ctx.io.stderr.write(
        `retry   figure: ${info.reason}, in ${(info.delayMs / 1e3).toFixed(1)} s
`
      )
    });
  } catch (error) {
    throw failureError(describeError(error, ctx.settings.baseUrl, need));
  }
  const sheets = result.sheets?.length ? result.sheets : [{ url: result.url, label: "", ...result.svg === void 0 ? {} : { svg: result.svg } }];
  const labels = sheets.map((s) => s.label);
  const target = output !== void 0 ? resolve5(ctx.io.cwd, output) : await freeName(resolve5(ctx.io.cwd, outDir ?? "."), format, labels);
  const paths = sheetPaths(target, labels);
  try {
    for (const [i, sheet] of sheets.entries()) {
      const bytes = sheet.svg ?? await api.download(sheet.url, { signal: ctx.signal });
      await saveFile(paths[i], bytes);
    }
    if (structurePath !== void 0 && result.figure)
      await saveFile(structurePath, `${JSON.stringify(result.figure, null, 2)}
`);
  } catch (error) {
    const failure = describeError(error, ctx.settings.baseUrl);
    throw failureError(
      failure,
      `${failure.message}; the figure was made and charged, download it from ${sheets.map((s) => s.url).join(" ")}`
    );
  }
  const structureSaved = structurePath !== void 0 && result.figure !== void 0;
  if (structurePath !== void 0 && !structureSaved)
    ctx.io.stderr.write(
      `note: ${displayPath(ctx, structurePath)} not written: a ${result.method} figure has no structure (drafted block diagrams and flowcharts have one)
`
    );
  if (ctx.json) {
    printJson(ctx, {
      ok: true,
      exitCode: EXIT.OK,
      output: paths[0],
      sheets: sheets.map((s, i) => ({ label: s.label, output: paths[i] })),
      ...structureSaved ? { structure: structurePath } : {},
      creditsConsumed: result.creditsConsumed,
      data: result
    });
    return EXIT.OK;
  }
  for (const warning of result.warnings ?? []) ctx.io.stderr.write(`warning: ${warning}
`);
  const made = `(${result.method ?? "figure"}, ${credits(result.creditsConsumed)}${result.replayed ? ", replayed" : ""})`;
  if (sheets.length === 1) ctx.io.stdout.write(`${displayPath(ctx, paths[0])}  ${made}
`);
  else
    ctx.io.stdout.write(
      `${sheets.length} sheets  ${made}
${table(
        ["sheet", "file"],
        sheets.map((s, i) => [s.label, displayPath(ctx, paths[i])])
      )}
`
    );
  if (structureSaved)
    ctx.io.stdout.write(
      `${displayPath(ctx, structurePath)}  (the structure drawn: edit it, then figapi figure --from ${displayPath(ctx, structurePath)})
`
    );
  if (result.references?.length)
    ctx.io.stdout.write(
      `${table(
        ["numeral", "label"],
        result.references.map((r) => [r.numeral, r.label])
      )}
`
    );
  return EXIT.OK;
}

// packages/cli/src/help.ts
var GLOBAL = `Options for every command:
  --key KEY         API key (else FIGAPI_KEY, else the config file from figapi login)
  --base-url URL    service address (else FIGAPI_BASE_URL, else the config file, else ${DEFAULT_BASE_URL})
  --json            machine-readable results on stdout, no progress
  -h, --help        help for the command`;
var INPUTS = `Inputs: files, folders (their PNG/JPEG/WebP/TIFF files; -r for sub-folders), globs
("scans/**/*.png", quoted so the shell leaves them), and http(s) URLs (the API fetches them).
Folders and globs skip hidden files and figapi's own outputs (*.600dpi.tif, *.lineart.svg, *.x4.png).
Each result is saved next to its input as NAME.SUFFIX.EXT; an input is never overwritten.
  -o, --output FILE     the output file (one input only)
  --out-dir DIR         save outputs under DIR (keeping their paths below the folder or glob)
  --concurrency N       requests in flight, 1-16 (default 2)
  -r, --recursive       look in sub-folders of folder inputs
  --no-check            skip the balance check before the batch (the API still answers 402)
Before the batch its cost is compared with the balance (GET /credits); nothing is sent if it is short.`;
var COMMAND_HELP = {
  convert: `figapi convert INPUT... [--format png|tiff|pdf] [--dpi 300|600] [--mode auto|bilevel|gray] [--page a4|letter]

Filing-ready raster files. Output: NAME.300dpi.png, NAME.600dpi.tif, NAME.300dpi.pdf, ...
  -f, --format   png (default), tiff or pdf; -o out.tif alone implies tiff
  --dpi          300 (default, 2K preset) or 600 (4K preset)
  --mode         auto (default), bilevel (1-bit) or gray
  --page         a4 (default) or letter, PDF only
Price: ${PRICES.convertImage[300]} credit at 300 DPI, ${PRICES.convertImage[600]} at 600 DPI.

${INPUTS}

Example: figapi convert drawing.png --format tiff --dpi 600 -o out.tif`,
  vectorize: `figapi vectorize INPUT... [--engine lineart|trace] [--format svg|dxf|pdf] [--page a4|letter]

Raster to vector. Output: NAME.lineart.svg, NAME.trace.dxf, ...
  -e, --engine   lineart (default, single-stroke centerlines) or trace (filled outlines)
  -f, --format   svg (default), dxf or pdf
  --page         a4 or letter: the PDF on a filing sheet (default: the drawing's size)
Price: ${PRICES.vectorizeImage} credits.

${INPUTS}

Example: figapi vectorize sketch.jpg --engine lineart --format dxf`,
  enhance: `figapi enhance INPUT... [--scale 2|4] [--dpi 300|600] [--mode auto|bilevel|gray]

Upscaling to PNG: line art redrawn at the new size, photos by super-resolution.
Output: NAME.x2.png or NAME.x4.png
  -s, --scale    2 (default) or 4
  --dpi          300 (default) or 600, stamped in the PNG
  --mode         auto (default: black-and-white stays 1-bit, gray stays gray, colour stays
                 colour), bilevel (1-bit line art) or gray
Price: ${PRICES.enhanceImage[2]} credits at x2, ${PRICES.enhanceImage[4]} at x4.

${INPUTS}

Example: figapi enhance scan.png --scale 4 --dpi 600`,
  figure: `figapi figure ["PROMPT"] [--from FILE] [--labeled] [--svg] [--ref URL|FILE]... [-o FILE | --out-dir DIR] [--structure FILE]

A patent figure from a prompt, a structure file, reference images (up to 4), or a prompt with
either. PROMPT "-" reads stdin. Saved as figure.png / figure.svg (figure-2.svg, ... when taken) or
at -o; a figure continued over several sheets is saved one file per sheet, named after each
sheet's legend (FIG. 2A, FIG. 2B -> fig2-A.png, fig2-B.png for -o fig2.png) and listed.
  -l, --labeled      reference numerals with lead lines (listed after the file name)
  --svg              stroke-only SVG instead of a 1-bit PNG
  --ref URL|FILE     a reference image to draw from: a public URL, or a file here that is
                     uploaded (repeat up to 4 times; URLs or files, not both)
  --from FILE        draw the structure in FILE (JSON, as --structure writes it), exactly as
                     written; with a PROMPT too, what the prompt does not say is warned about
  --structure FILE   save the structure drawn (elements, numerals, connections) as JSON, to
                     correct and send back with --from
  --no-check         skip the balance check before the request (the API still answers 402)
Warnings (drawing rules not fully met, inputs not used) go to stderr.
Price: ${PRICES.generateFigure.png} credits for PNG, ${PRICES.generateFigure.svg} for SVG.

Examples:
  figapi figure "A system 100 comprising a processor 102 coupled to a memory 104." --labeled --svg
  figapi figure "A method 200 comprising: ..." --labeled -o fig2.png --structure fig2.json
  figapi figure --from fig2.json --labeled -o fig2.png     # after editing fig2.json`,
  credits: `figapi credits

Prints the credit balance.`,
  keys: `figapi keys create [--name NAME] | list | revoke ID

The account's API keys. create prints the new key on stdout (shown once only; notes go to
stderr, so KEY=$(figapi keys create --name ci) works); list shows prefix, name, created and last
used; revoke stops a key at once (its next request gets 401).`,
  login: `figapi login [--key KEY] [--base-url URL]

Checks the key (GET /credits) and stores it with the base URL in
$XDG_CONFIG_HOME/figapi/config.json (else ~/.config/figapi/config.json), readable by you only
(mode 0600). Without --key it asks for the key (or reads it from a pipe).
figapi logout deletes that file.`,
  logout: `figapi logout

Deletes the config file figapi login wrote.`
};
var OVERVIEW = `figapi: the Figure API from the command line

Commands:
  figapi convert INPUT... [--format png|tiff|pdf] [--dpi 300|600]     filing-ready PNG/TIFF/PDF
  figapi vectorize INPUT... [--engine lineart|trace] [--format svg|dxf|pdf] [--page P]
  figapi enhance INPUT... [--scale 2|4] [--dpi 300|600] [--mode M]    upscaled PNG
  figapi figure "PROMPT" [--from FILE] [--ref REF]... [--labeled]     a patent figure
  figapi credits                                                      the balance
  figapi keys create [--name NAME] | list | revoke ID                 API keys
  figapi login [--key KEY] | logout                                   store or forget the key
  figapi help [COMMAND]                                               this text, or a command's
  figapi --version

${GLOBAL}

The key: --key, else FIGAPI_KEY, else figapi login's config file.
The service: --base-url, else FIGAPI_BASE_URL, else the config file, else ${DEFAULT_BASE_URL}
(the local service from npm run dev).

${EXIT_CODE_HELP}`;
function helpText(command) {
  if (command === void 0) return OVERVIEW;
  const text = COMMAND_HELP[command];
  return text === void 0 ? void 0 : `${text}

${GLOBAL}

${EXIT_CODE_HELP}`;
}

// packages/cli/src/cli.ts
var VERSION = true ? "1.0.0" : "0.0.0-dev";
var GLOBAL_OPTIONS = {
  key: { type: "string" },
  "base-url": { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" }
};
var IMAGE_COMMANDS = { convert, vectorize, enhance };
var COMMAND_OPTIONS = {
  convert: { ...convert.options, ...BATCH_OPTIONS },
  vectorize: { ...vectorize.options, ...BATCH_OPTIONS },
  enhance: { ...enhance.options, ...BATCH_OPTIONS },
  figure: figureOptions,
  credits: {},
  keys: keysOptions,
  login: {},
  logout: {},
  help: {}
};
var ALL_OPTIONS = Object.assign({}, GLOBAL_OPTIONS, ...Object.values(COMMAND_OPTIONS));
function findCommand(argv) {
  const { tokens } = parseArgs({
    args: [...argv],
    options: ALL_OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true
  });
  return tokens.find((t) => t.kind === "positional")?.value;
}
function parseProblem(error) {
  const option = /'(-[^' ]*)/.exec(error.message)?.[1];
  const code = error.code;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option) return `Unknown option ${option}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option)
    return `Option ${option} ${/argument missing/.test(error.message) ? "needs a value" : "takes no value"}`;
  return error.message.split("\n")[0].replace(/\.$/, "");
}
async function run(argv, io, signal) {
  let json = argv.includes("--json");
  try {
    const command = findCommand(argv);
    if (command !== void 0 && !(command in COMMAND_OPTIONS))
      throw usage(`Unknown command ${command}: see figapi help`);
    let parsed;
    try {
      parsed = parseArgs({
        args: [...argv],
        options: { ...GLOBAL_OPTIONS, ...command ? COMMAND_OPTIONS[command] : {} },
        strict: true,
        allowPositionals: true
      });
    } catch (error) {
      throw usage(`${parseProblem(error)}: see figapi help${command ? ` ${command}` : ""}`);
    }
    const values = parsed.values;
    json = values.json === true;
    const args = parsed.positionals.slice(1);
    if (values.version) {
      io.stdout.write(`${VERSION}
`);
      return EXIT.OK;
    }
    if (command === void 0 || command === "help" || values.help) {
      const topic = command === "help" ? args[0] : command;
      const text = helpText(topic);
      if (text === void 0) throw usage(`No help for ${topic}: see figapi help`);
      (command === void 0 && !values.help ? io.stderr : io.stdout).write(`${text}
`);
      return command === void 0 && !values.help ? EXIT.USAGE : EXIT.OK;
    }
    const settings = await resolveSettings(
      {
        ...typeof values.key === "string" ? { key: values.key } : {},
        ...typeof values["base-url"] === "string" ? { baseUrl: values["base-url"] } : {}
      },
      io.env
    );
    const ctx = { io, json, settings, signal };
    const image = IMAGE_COMMANDS[command];
    if (image) return await runImageCommand(ctx, image, values, args);
    switch (command) {
      case "figure":
        return await runFigure(ctx, values, args);
      case "credits":
        return await runCredits(ctx, args);
      case "keys":
        return await runKeys(ctx, values, args);
      case "login":
        return await runLogin(ctx, values, args);
      case "logout":
        return await runLogout(ctx, args);
    }
    throw usage(`Unknown command ${command}: see figapi help`);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    io.stderr.write(`figapi: ${error.message}
`);
    if (json)
      io.stdout.write(
        `${JSON.stringify({ ok: false, exitCode: error.exitCode, error: { ...error.refusal, message: error.message } }, null, 2)}
`
      );
    return error.exitCode;
  }
}

// packages/cli/src/main.ts
var WIND_DOWN_MS = 2e3;
var controller = new AbortController();
process.once("SIGINT", () => {
  controller.abort();
  process.once("SIGINT", () => process.exit(130));
});
var readerGone = false;
function onStreamError(error) {
  if (error.code !== "EPIPE") throw error;
  if (readerGone) return;
  readerGone = true;
  process.exitCode = EXIT.OK;
  controller.abort();
  setTimeout(() => process.exit(EXIT.OK), WIND_DOWN_MS).unref();
}
process.stdout.on("error", onStreamError);
process.stderr.on("error", onStreamError);
run(
  process.argv.slice(2),
  {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd()
  },
  controller.signal
).then(
  (code) => {
    process.exitCode = readerGone ? EXIT.OK : code;
  },
  (error) => {
    if (readerGone) return;
    process.stderr.write(
      `figapi: unexpected error: ${error instanceof Error ? error.stack ?? error.message : String(error)}
`
    );
    process.exitCode = 1;
  }
);
