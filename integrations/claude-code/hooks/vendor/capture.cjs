#!/usr/bin/env node
// hooks/capture.mjs and what it imports, bundled by core/scripts/bundle-hooks.ts: do not edit (npm run vendor:hooks -w core).
// It holds secretlint’s recommended rules (MIT): see LICENSE beside this file.
const __bundle_url = require('node:url').pathToFileURL(__filename).href;
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn2, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn2 && (res = (0, fn2[__getOwnPropNames(fn2)[0]])(fn2 = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to2, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to2, key) && key !== except)
        __defProp(to2, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to2;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// ../integrations/claude-code/hooks/vendor/secretlint-rules.mjs
function ns() {
  if (Jt) return Kt;
  Jt = 1;
  var e = 200, s = "__lodash_hash_undefined__", o = 1 / 0, a = "[object Function]", i = "[object GeneratorFunction]", u = /[\\^$.*+?()[\]{}|]/g, h = /^\[object .+?Constructor\]$/, f = typeof J == "object" && J && J.Object === Object && J, l = typeof self == "object" && self && self.Object === Object && self, g = f || l || Function("return this")();
  function m(p, r) {
    var d = p ? p.length : 0;
    return !!d && w(p, r, 0) > -1;
  }
  function S(p, r, d, A) {
    for (var I = p.length, x = d + -1; ++x < I; ) if (r(p[x], x, p)) return x;
    return -1;
  }
  function w(p, r, d) {
    if (r !== r) return S(p, P, d);
    for (var A = d - 1, I = p.length; ++A < I; ) if (p[A] === r) return A;
    return -1;
  }
  function P(p) {
    return p !== p;
  }
  function v(p, r) {
    return p.has(r);
  }
  function z(p, r) {
    return p?.[r];
  }
  function ne(p) {
    var r = false;
    if (p != null && typeof p.toString != "function") try {
      r = !!(p + "");
    } catch {
    }
    return r;
  }
  function F(p) {
    var r = -1, d = Array(p.size);
    return p.forEach(function(A) {
      d[++r] = A;
    }), d;
  }
  var j = Array.prototype, ie = Function.prototype, Z = Object.prototype, le = g["__core-js_shared__"], ue = (function() {
    var p = /[^.]+$/.exec(le && le.keys && le.keys.IE_PROTO || "");
    return p ? "Symbol(src)_1." + p : "";
  })(), fe = ie.toString, de = Z.hasOwnProperty, re = Z.toString, He = RegExp("^" + fe.call(de).replace(u, "\\$&").replace(/hasOwnProperty|(function).*?(?=\\\()| for .+?(?=\\\])/g, "$1.*?") + "$"), Ue = j.splice, Ye = ae(g, "Map"), Re = ae(g, "Set"), X = ae(Object, "create");
  function D(p) {
    var r = -1, d = p ? p.length : 0;
    for (this.clear(); ++r < d; ) {
      var A = p[r];
      this.set(A[0], A[1]);
    }
  }
  function ee() {
    this.__data__ = X ? X(null) : {};
  }
  function ze(p) {
    return this.has(p) && delete this.__data__[p];
  }
  function Fe(p) {
    var r = this.__data__;
    if (X) {
      var d = r[p];
      return d === s ? void 0 : d;
    }
    return de.call(r, p) ? r[p] : void 0;
  }
  function je(p) {
    var r = this.__data__;
    return X ? r[p] !== void 0 : de.call(r, p);
  }
  function Ze(p, r) {
    var d = this.__data__;
    return d[p] = X && r === void 0 ? s : r, this;
  }
  D.prototype.clear = ee, D.prototype.delete = ze, D.prototype.get = Fe, D.prototype.has = je, D.prototype.set = Ze;
  function se(p) {
    var r = -1, d = p ? p.length : 0;
    for (this.clear(); ++r < d; ) {
      var A = p[r];
      this.set(A[0], A[1]);
    }
  }
  function oe() {
    this.__data__ = [];
  }
  function Be(p) {
    var r = this.__data__, d = he(r, p);
    if (d < 0) return false;
    var A = r.length - 1;
    return d == A ? r.pop() : Ue.call(r, d, 1), true;
  }
  function We(p) {
    var r = this.__data__, d = he(r, p);
    return d < 0 ? void 0 : r[d][1];
  }
  function Ve(p) {
    return he(this.__data__, p) > -1;
  }
  function qe(p, r) {
    var d = this.__data__, A = he(d, p);
    return A < 0 ? d.push([p, r]) : d[A][1] = r, this;
  }
  se.prototype.clear = oe, se.prototype.delete = Be, se.prototype.get = We, se.prototype.has = Ve, se.prototype.set = qe;
  function C(p) {
    var r = -1, d = p ? p.length : 0;
    for (this.clear(); ++r < d; ) {
      var A = p[r];
      this.set(A[0], A[1]);
    }
  }
  function te() {
    this.__data__ = { hash: new D(), map: new (Ye || se)(), string: new D() };
  }
  function Qe(p) {
    return Se(this, p).delete(p);
  }
  function B(p) {
    return Se(this, p).get(p);
  }
  function Ke(p) {
    return Se(this, p).has(p);
  }
  function ve(p, r) {
    return Se(this, p).set(p, r), this;
  }
  C.prototype.clear = te, C.prototype.delete = Qe, C.prototype.get = B, C.prototype.has = Ke, C.prototype.set = ve;
  function me(p) {
    var r = -1, d = p ? p.length : 0;
    for (this.__data__ = new C(); ++r < d; ) this.add(p[r]);
  }
  function pe(p) {
    return this.__data__.set(p, s), this;
  }
  function $e(p) {
    return this.__data__.has(p);
  }
  me.prototype.add = me.prototype.push = pe, me.prototype.has = $e;
  function he(p, r) {
    for (var d = p.length; d--; ) if (Oe(p[d][0], r)) return d;
    return -1;
  }
  function Te(p) {
    if (!Me(p) || Xe(p)) return false;
    var r = tt(p) || ne(p) ? He : h;
    return r.test(De(p));
  }
  function Le(p, r, d) {
    var A = -1, I = m, x = p.length, K = true, $ = [], L = $;
    if (x >= e) {
      var M = Je(p);
      if (M) return F(M);
      K = false, I = v, L = new me();
    } else L = $;
    e: for (; ++A < x; ) {
      var W = p[A], G = W;
      if (W = W !== 0 ? W : 0, K && G === G) {
        for (var ce = L.length; ce--; ) if (L[ce] === G) continue e;
        $.push(W);
      } else I(L, G, d) || (L !== $ && L.push(G), $.push(W));
    }
    return $;
  }
  var Je = Re && 1 / F(new Re([, -0]))[1] == o ? function(p) {
    return new Re(p);
  } : ke;
  function Se(p, r) {
    var d = p.__data__;
    return Ce(r) ? d[typeof r == "string" ? "string" : "hash"] : d.map;
  }
  function ae(p, r) {
    var d = z(p, r);
    return Te(d) ? d : void 0;
  }
  function Ce(p) {
    var r = typeof p;
    return r == "string" || r == "number" || r == "symbol" || r == "boolean" ? p !== "__proto__" : p === null;
  }
  function Xe(p) {
    return !!ue && ue in p;
  }
  function De(p) {
    if (p != null) {
      try {
        return fe.call(p);
      } catch {
      }
      try {
        return p + "";
      } catch {
      }
    }
    return "";
  }
  function et(p) {
    return p && p.length ? Le(p) : [];
  }
  function Oe(p, r) {
    return p === r || p !== p && r !== r;
  }
  function tt(p) {
    var r = Me(p) ? re.call(p) : "";
    return r == a || r == i;
  }
  function Me(p) {
    var r = typeof p;
    return !!p && (r == "object" || r == "function");
  }
  function ke() {
  }
  return Kt = et, Kt;
}
function rs() {
  if (Xt) return vt;
  Xt = 1;
  var e = 200, s = "__lodash_hash_undefined__", o = 1 / 0, a = "[object Function]", i = "[object GeneratorFunction]", u = /[\\^$.*+?()[\]{}|]/g, h = /^\[object .+?Constructor\]$/, f = typeof J == "object" && J && J.Object === Object && J, l = typeof self == "object" && self && self.Object === Object && self, g = f || l || Function("return this")();
  function m(r, d) {
    var A = r ? r.length : 0;
    return !!A && P(r, d, 0) > -1;
  }
  function S(r, d, A) {
    for (var I = -1, x = r ? r.length : 0; ++I < x; ) if (A(d, r[I])) return true;
    return false;
  }
  function w(r, d, A, I) {
    for (var x = r.length, K = A + -1; ++K < x; ) if (d(r[K], K, r)) return K;
    return -1;
  }
  function P(r, d, A) {
    if (d !== d) return w(r, v, A);
    for (var I = A - 1, x = r.length; ++I < x; ) if (r[I] === d) return I;
    return -1;
  }
  function v(r) {
    return r !== r;
  }
  function z(r, d) {
    return r.has(d);
  }
  function ne(r, d) {
    return r?.[d];
  }
  function F(r) {
    var d = false;
    if (r != null && typeof r.toString != "function") try {
      d = !!(r + "");
    } catch {
    }
    return d;
  }
  function j(r) {
    var d = -1, A = Array(r.size);
    return r.forEach(function(I) {
      A[++d] = I;
    }), A;
  }
  var ie = Array.prototype, Z = Function.prototype, le = Object.prototype, ue = g["__core-js_shared__"], fe = (function() {
    var r = /[^.]+$/.exec(ue && ue.keys && ue.keys.IE_PROTO || "");
    return r ? "Symbol(src)_1." + r : "";
  })(), de = Z.toString, re = le.hasOwnProperty, He = le.toString, Ue = RegExp("^" + de.call(re).replace(u, "\\$&").replace(/hasOwnProperty|(function).*?(?=\\\()| for .+?(?=\\\])/g, "$1.*?") + "$"), Ye = ie.splice, Re = Ce(g, "Map"), X = Ce(g, "Set"), D = Ce(Object, "create");
  function ee(r) {
    var d = -1, A = r ? r.length : 0;
    for (this.clear(); ++d < A; ) {
      var I = r[d];
      this.set(I[0], I[1]);
    }
  }
  function ze() {
    this.__data__ = D ? D(null) : {};
  }
  function Fe(r) {
    return this.has(r) && delete this.__data__[r];
  }
  function je(r) {
    var d = this.__data__;
    if (D) {
      var A = d[r];
      return A === s ? void 0 : A;
    }
    return re.call(d, r) ? d[r] : void 0;
  }
  function Ze(r) {
    var d = this.__data__;
    return D ? d[r] !== void 0 : re.call(d, r);
  }
  function se(r, d) {
    var A = this.__data__;
    return A[r] = D && d === void 0 ? s : d, this;
  }
  ee.prototype.clear = ze, ee.prototype.delete = Fe, ee.prototype.get = je, ee.prototype.has = Ze, ee.prototype.set = se;
  function oe(r) {
    var d = -1, A = r ? r.length : 0;
    for (this.clear(); ++d < A; ) {
      var I = r[d];
      this.set(I[0], I[1]);
    }
  }
  function Be() {
    this.__data__ = [];
  }
  function We(r) {
    var d = this.__data__, A = Te(d, r);
    if (A < 0) return false;
    var I = d.length - 1;
    return A == I ? d.pop() : Ye.call(d, A, 1), true;
  }
  function Ve(r) {
    var d = this.__data__, A = Te(d, r);
    return A < 0 ? void 0 : d[A][1];
  }
  function qe(r) {
    return Te(this.__data__, r) > -1;
  }
  function C(r, d) {
    var A = this.__data__, I = Te(A, r);
    return I < 0 ? A.push([r, d]) : A[I][1] = d, this;
  }
  oe.prototype.clear = Be, oe.prototype.delete = We, oe.prototype.get = Ve, oe.prototype.has = qe, oe.prototype.set = C;
  function te(r) {
    var d = -1, A = r ? r.length : 0;
    for (this.clear(); ++d < A; ) {
      var I = r[d];
      this.set(I[0], I[1]);
    }
  }
  function Qe() {
    this.__data__ = { hash: new ee(), map: new (Re || oe)(), string: new ee() };
  }
  function B(r) {
    return ae(this, r).delete(r);
  }
  function Ke(r) {
    return ae(this, r).get(r);
  }
  function ve(r) {
    return ae(this, r).has(r);
  }
  function me(r, d) {
    return ae(this, r).set(r, d), this;
  }
  te.prototype.clear = Qe, te.prototype.delete = B, te.prototype.get = Ke, te.prototype.has = ve, te.prototype.set = me;
  function pe(r) {
    var d = -1, A = r ? r.length : 0;
    for (this.__data__ = new te(); ++d < A; ) this.add(r[d]);
  }
  function $e(r) {
    return this.__data__.set(r, s), this;
  }
  function he(r) {
    return this.__data__.has(r);
  }
  pe.prototype.add = pe.prototype.push = $e, pe.prototype.has = he;
  function Te(r, d) {
    for (var A = r.length; A--; ) if (tt(r[A][0], d)) return A;
    return -1;
  }
  function Le(r) {
    if (!ke(r) || De(r)) return false;
    var d = Me(r) || F(r) ? Ue : h;
    return d.test(et(r));
  }
  function Je(r, d, A) {
    var I = -1, x = m, K = r.length, $ = true, L = [], M = L;
    if (A) $ = false, x = S;
    else if (K >= e) {
      var W = Se(r);
      if (W) return j(W);
      $ = false, x = z, M = new pe();
    } else M = L;
    e: for (; ++I < K; ) {
      var G = r[I], ce = G;
      if (G = A || G !== 0 ? G : 0, $ && ce === ce) {
        for (var nt = M.length; nt--; ) if (M[nt] === ce) continue e;
        L.push(G);
      } else x(M, ce, A) || (M !== L && M.push(ce), L.push(G));
    }
    return L;
  }
  var Se = X && 1 / j(new X([, -0]))[1] == o ? function(r) {
    return new X(r);
  } : p;
  function ae(r, d) {
    var A = r.__data__;
    return Xe(d) ? A[typeof d == "string" ? "string" : "hash"] : A.map;
  }
  function Ce(r, d) {
    var A = ne(r, d);
    return Le(A) ? A : void 0;
  }
  function Xe(r) {
    var d = typeof r;
    return d == "string" || d == "number" || d == "symbol" || d == "boolean" ? r !== "__proto__" : r === null;
  }
  function De(r) {
    return !!fe && fe in r;
  }
  function et(r) {
    if (r != null) {
      try {
        return de.call(r);
      } catch {
      }
      try {
        return r + "";
      } catch {
      }
    }
    return "";
  }
  function Oe(r, d) {
    return r && r.length ? Je(r, void 0, d) : [];
  }
  function tt(r, d) {
    return r === d || r !== r && d !== d;
  }
  function Me(r) {
    var d = ke(r) ? He.call(r) : "";
    return d == a || d == i;
  }
  function ke(r) {
    var d = typeof r;
    return !!r && (d == "object" || d == "function");
  }
  function p() {
  }
  return vt = Oe, vt;
}
function ss() {
  return en || (en = 1, (function(e, s) {
    var o = 200, a = "Expected a function", i = "__lodash_hash_undefined__", u = 1, h = 2, f = 9007199254740991, l = "[object Arguments]", g = "[object Array]", m = "[object Boolean]", S = "[object Date]", w = "[object Error]", P = "[object Function]", v = "[object GeneratorFunction]", z = "[object Map]", ne = "[object Number]", F = "[object Object]", j = "[object Promise]", ie = "[object RegExp]", Z = "[object Set]", le = "[object String]", ue = "[object Symbol]", fe = "[object WeakMap]", de = "[object ArrayBuffer]", re = "[object DataView]", He = "[object Float32Array]", Ue = "[object Float64Array]", Ye = "[object Int8Array]", Re = "[object Int16Array]", X = "[object Int32Array]", D = "[object Uint8Array]", ee = "[object Uint8ClampedArray]", ze = "[object Uint16Array]", Fe = "[object Uint32Array]", je = /\.|\[(?:[^[\]]*|(["'])(?:(?!\1)[^\\]|\\.)*?\1)\]/, Ze = /^\w*$/, se = /^\./, oe = /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g, Be = /[\\^$.*+?()[\]{}|]/g, We = /\\(\\)?/g, Ve = /^\[object .+?Constructor\]$/, qe = /^(?:0|[1-9]\d*)$/, C = {};
    C[He] = C[Ue] = C[Ye] = C[Re] = C[X] = C[D] = C[ee] = C[ze] = C[Fe] = true, C[l] = C[g] = C[de] = C[m] = C[re] = C[S] = C[w] = C[P] = C[z] = C[ne] = C[F] = C[ie] = C[Z] = C[le] = C[fe] = false;
    var te = typeof J == "object" && J && J.Object === Object && J, Qe = typeof self == "object" && self && self.Object === Object && self, B = te || Qe || Function("return this")(), Ke = s && !s.nodeType && s, ve = Ke && true && e && !e.nodeType && e, me = ve && ve.exports === Ke, pe = me && te.process, $e = (function() {
      try {
        return pe && pe.binding("util");
      } catch {
      }
    })(), he = $e && $e.isTypedArray;
    function Te(t, n, c) {
      switch (c.length) {
        case 0:
          return t.call(n);
        case 1:
          return t.call(n, c[0]);
        case 2:
          return t.call(n, c[0], c[1]);
        case 3:
          return t.call(n, c[0], c[1], c[2]);
      }
      return t.apply(n, c);
    }
    function Le(t, n) {
      for (var c = -1, _ = t ? t.length : 0, T = Array(_); ++c < _; ) T[c] = n(t[c], c, t);
      return T;
    }
    function Je(t, n) {
      for (var c = -1, _ = n.length, T = t.length; ++c < _; ) t[T + c] = n[c];
      return t;
    }
    function Se(t, n) {
      for (var c = -1, _ = t ? t.length : 0; ++c < _; ) if (n(t[c], c, t)) return true;
      return false;
    }
    function ae(t) {
      return function(n) {
        return n?.[t];
      };
    }
    function Ce(t, n) {
      var c = t.length;
      for (t.sort(n); c--; ) t[c] = t[c].value;
      return t;
    }
    function Xe(t, n) {
      for (var c = -1, _ = Array(t); ++c < t; ) _[c] = n(c);
      return _;
    }
    function De(t) {
      return function(n) {
        return t(n);
      };
    }
    function et(t, n) {
      return t?.[n];
    }
    function Oe(t) {
      var n = false;
      if (t != null && typeof t.toString != "function") try {
        n = !!(t + "");
      } catch {
      }
      return n;
    }
    function tt(t) {
      var n = -1, c = Array(t.size);
      return t.forEach(function(_, T) {
        c[++n] = [T, _];
      }), c;
    }
    function Me(t, n) {
      return function(c) {
        return t(n(c));
      };
    }
    function ke(t) {
      var n = -1, c = Array(t.size);
      return t.forEach(function(_) {
        c[++n] = _;
      }), c;
    }
    var p = Array.prototype, r = Function.prototype, d = Object.prototype, A = B["__core-js_shared__"], I = (function() {
      var t = /[^.]+$/.exec(A && A.keys && A.keys.IE_PROTO || "");
      return t ? "Symbol(src)_1." + t : "";
    })(), x = r.toString, K = d.hasOwnProperty, $ = d.toString, L = RegExp("^" + x.call(K).replace(Be, "\\$&").replace(/hasOwnProperty|(function).*?(?=\\\()| for .+?(?=\\\])/g, "$1.*?") + "$"), M = B.Symbol, W = B.Uint8Array, G = d.propertyIsEnumerable, ce = p.splice, nt = M ? M.isConcatSpreadable : void 0, Un = Me(Object.keys, Object), Ut = Math.max, St = Ge(B, "DataView"), rt = Ge(B, "Map"), yt = Ge(B, "Promise"), wt = Ge(B, "Set"), It = Ge(B, "WeakMap"), st = Ge(Object, "create"), Yn = be(St), zn = be(rt), Fn = be(yt), jn = be(wt), Zn = be(It), ft = M ? M.prototype : void 0, Rt = ft ? ft.valueOf : void 0, Yt = ft ? ft.toString : void 0;
    function Pe(t) {
      var n = -1, c = t ? t.length : 0;
      for (this.clear(); ++n < c; ) {
        var _ = t[n];
        this.set(_[0], _[1]);
      }
    }
    function Bn() {
      this.__data__ = st ? st(null) : {};
    }
    function Wn(t) {
      return this.has(t) && delete this.__data__[t];
    }
    function Vn(t) {
      var n = this.__data__;
      if (st) {
        var c = n[t];
        return c === i ? void 0 : c;
      }
      return K.call(n, t) ? n[t] : void 0;
    }
    function qn(t) {
      var n = this.__data__;
      return st ? n[t] !== void 0 : K.call(n, t);
    }
    function Qn(t, n) {
      var c = this.__data__;
      return c[t] = st && n === void 0 ? i : n, this;
    }
    Pe.prototype.clear = Bn, Pe.prototype.delete = Wn, Pe.prototype.get = Vn, Pe.prototype.has = qn, Pe.prototype.set = Qn;
    function ge(t) {
      var n = -1, c = t ? t.length : 0;
      for (this.clear(); ++n < c; ) {
        var _ = t[n];
        this.set(_[0], _[1]);
      }
    }
    function Jn() {
      this.__data__ = [];
    }
    function Xn(t) {
      var n = this.__data__, c = pt(n, t);
      if (c < 0) return false;
      var _ = n.length - 1;
      return c == _ ? n.pop() : ce.call(n, c, 1), true;
    }
    function er(t) {
      var n = this.__data__, c = pt(n, t);
      return c < 0 ? void 0 : n[c][1];
    }
    function tr(t) {
      return pt(this.__data__, t) > -1;
    }
    function nr(t, n) {
      var c = this.__data__, _ = pt(c, t);
      return _ < 0 ? c.push([t, n]) : c[_][1] = n, this;
    }
    ge.prototype.clear = Jn, ge.prototype.delete = Xn, ge.prototype.get = er, ge.prototype.has = tr, ge.prototype.set = nr;
    function _e(t) {
      var n = -1, c = t ? t.length : 0;
      for (this.clear(); ++n < c; ) {
        var _ = t[n];
        this.set(_[0], _[1]);
      }
    }
    function rr() {
      this.__data__ = { hash: new Pe(), map: new (rt || ge)(), string: new Pe() };
    }
    function sr(t) {
      return ht(this, t).delete(t);
    }
    function or(t) {
      return ht(this, t).get(t);
    }
    function ar(t) {
      return ht(this, t).has(t);
    }
    function cr(t, n) {
      return ht(this, t).set(t, n), this;
    }
    _e.prototype.clear = rr, _e.prototype.delete = sr, _e.prototype.get = or, _e.prototype.has = ar, _e.prototype.set = cr;
    function dt(t) {
      var n = -1, c = t ? t.length : 0;
      for (this.__data__ = new _e(); ++n < c; ) this.add(t[n]);
    }
    function ir(t) {
      return this.__data__.set(t, i), this;
    }
    function lr(t) {
      return this.__data__.has(t);
    }
    dt.prototype.add = dt.prototype.push = ir, dt.prototype.has = lr;
    function Ee(t) {
      this.__data__ = new ge(t);
    }
    function ur() {
      this.__data__ = new ge();
    }
    function fr(t) {
      return this.__data__.delete(t);
    }
    function dr(t) {
      return this.__data__.get(t);
    }
    function pr(t) {
      return this.__data__.has(t);
    }
    function hr(t, n) {
      var c = this.__data__;
      if (c instanceof ge) {
        var _ = c.__data__;
        if (!rt || _.length < o - 1) return _.push([t, n]), this;
        c = this.__data__ = new _e(_);
      }
      return c.set(t, n), this;
    }
    Ee.prototype.clear = ur, Ee.prototype.delete = fr, Ee.prototype.get = dr, Ee.prototype.has = pr, Ee.prototype.set = hr;
    function gr(t, n) {
      var c = we(t) || Nt(t) ? Xe(t.length, String) : [], _ = c.length, T = !!_;
      for (var E in t) K.call(t, E) && !(T && (E == "length" || Ot(E, _))) && c.push(E);
      return c;
    }
    function pt(t, n) {
      for (var c = t.length; c--; ) if (bt(t[c][0], n)) return c;
      return -1;
    }
    var _r = Mr(mr);
    function Er(t, n, c, _, T) {
      var E = -1, y = t.length;
      for (c || (c = zr), T || (T = []); ++E < y; ) {
        var b = t[E];
        c(b) ? Je(T, b) : T[T.length] = b;
      }
      return T;
    }
    var Ar = kr();
    function mr(t, n) {
      return t && Ar(t, n, At);
    }
    function zt(t, n) {
      n = gt(n, t) ? [n] : Ft(n);
      for (var c = 0, _ = n.length; t != null && c < _; ) t = t[_t(n[c++])];
      return c && c == _ ? t : void 0;
    }
    function Tr(t) {
      return $.call(t);
    }
    function Sr(t, n) {
      return t != null && n in Object(t);
    }
    function Ct(t, n, c, _, T) {
      return t === n ? true : t == null || n == null || !at(t) && !Et(n) ? t !== t && n !== n : yr(t, n, Ct, c, _, T);
    }
    function yr(t, n, c, _, T, E) {
      var y = we(t), b = we(n), O = g, N = g;
      y || (O = ye(t), O = O == l ? F : O), b || (N = ye(n), N = N == l ? F : N);
      var H = O == F && !Oe(t), U = N == F && !Oe(n), k = O == N;
      if (k && !H) return E || (E = new Ee()), y || qr(t) ? jt(t, n, c, _, T, E) : Gr(t, n, O, c, _, T, E);
      if (!(T & h)) {
        var V = H && K.call(t, "__wrapped__"), q = U && K.call(n, "__wrapped__");
        if (V || q) {
          var Ie = V ? t.value() : t, Ae = q ? n.value() : n;
          return E || (E = new Ee()), c(Ie, Ae, _, T, E);
        }
      }
      return k ? (E || (E = new Ee()), Hr(t, n, c, _, T, E)) : false;
    }
    function wr(t, n, c, _) {
      var T = c.length, E = T;
      if (t == null) return !E;
      for (t = Object(t); T--; ) {
        var y = c[T];
        if (y[2] ? y[1] !== t[y[0]] : !(y[0] in t)) return false;
      }
      for (; ++T < E; ) {
        y = c[T];
        var b = y[0], O = t[b], N = y[1];
        if (y[2]) {
          if (O === void 0 && !(b in t)) return false;
        } else {
          var H = new Ee(), U;
          if (!(U === void 0 ? Ct(N, O, _, u | h, H) : U)) return false;
        }
      }
      return true;
    }
    function Ir(t) {
      if (!at(t) || jr(t)) return false;
      var n = Vt(t) || Oe(t) ? L : Ve;
      return n.test(be(t));
    }
    function Rr(t) {
      return Et(t) && xt(t.length) && !!C[$.call(t)];
    }
    function Cr(t) {
      return typeof t == "function" ? t : t == null ? qt : typeof t == "object" ? we(t) ? Nr(t[0], t[1]) : br(t) : es(t);
    }
    function Or(t) {
      if (!Zr(t)) return Un(t);
      var n = [];
      for (var c in Object(t)) K.call(t, c) && c != "constructor" && n.push(c);
      return n;
    }
    function Pr(t, n) {
      var c = -1, _ = ot(t) ? Array(t.length) : [];
      return _r(t, function(T, E, y) {
        _[++c] = n(T, E, y);
      }), _;
    }
    function br(t) {
      var n = Ur(t);
      return n.length == 1 && n[0][2] ? Wt(n[0][0], n[0][1]) : function(c) {
        return c === t || wr(c, t, n);
      };
    }
    function Nr(t, n) {
      return gt(t) && Bt(n) ? Wt(_t(t), n) : function(c) {
        var _ = Jr(c, t);
        return _ === void 0 && _ === n ? Xr(c, t) : Ct(n, _, void 0, u | h);
      };
    }
    function xr(t, n, c) {
      var _ = -1;
      n = Le(n.length ? n : [qt], De(Cr));
      var T = Pr(t, function(E, y, b) {
        var O = Le(n, function(N) {
          return N(E);
        });
        return { criteria: O, index: ++_, value: E };
      });
      return Ce(T, function(E, y) {
        return Dr(E, y, c);
      });
    }
    function Kr(t) {
      return function(n) {
        return zt(n, t);
      };
    }
    function vr(t, n) {
      return n = Ut(n === void 0 ? t.length - 1 : n, 0), function() {
        for (var c = arguments, _ = -1, T = Ut(c.length - n, 0), E = Array(T); ++_ < T; ) E[_] = c[n + _];
        _ = -1;
        for (var y = Array(n + 1); ++_ < n; ) y[_] = c[_];
        return y[n] = E, Te(t, this, y);
      };
    }
    function $r(t) {
      if (typeof t == "string") return t;
      if (ct(t)) return Yt ? Yt.call(t) : "";
      var n = t + "";
      return n == "0" && 1 / t == -1 / 0 ? "-0" : n;
    }
    function Ft(t) {
      return we(t) ? t : Br(t);
    }
    function Lr(t, n) {
      if (t !== n) {
        var c = t !== void 0, _ = t === null, T = t === t, E = ct(t), y = n !== void 0, b = n === null, O = n === n, N = ct(n);
        if (!b && !N && !E && t > n || E && y && O && !b && !N || _ && y && O || !c && O || !T) return 1;
        if (!_ && !E && !N && t < n || N && c && T && !_ && !E || b && c && T || !y && T || !O) return -1;
      }
      return 0;
    }
    function Dr(t, n, c) {
      for (var _ = -1, T = t.criteria, E = n.criteria, y = T.length, b = c.length; ++_ < y; ) {
        var O = Lr(T[_], E[_]);
        if (O) {
          if (_ >= b) return O;
          var N = c[_];
          return O * (N == "desc" ? -1 : 1);
        }
      }
      return t.index - n.index;
    }
    function Mr(t, n) {
      return function(c, _) {
        if (c == null) return c;
        if (!ot(c)) return t(c, _);
        for (var T = c.length, E = -1, y = Object(c); ++E < T && _(y[E], E, y) !== false; ) ;
        return c;
      };
    }
    function kr(t) {
      return function(n, c, _) {
        for (var T = -1, E = Object(n), y = _(n), b = y.length; b--; ) {
          var O = y[++T];
          if (c(E[O], O, E) === false) break;
        }
        return n;
      };
    }
    function jt(t, n, c, _, T, E) {
      var y = T & h, b = t.length, O = n.length;
      if (b != O && !(y && O > b)) return false;
      var N = E.get(t);
      if (N && E.get(n)) return N == n;
      var H = -1, U = true, k = T & u ? new dt() : void 0;
      for (E.set(t, n), E.set(n, t); ++H < b; ) {
        var V = t[H], q = n[H];
        if (_) var Ie = y ? _(q, V, H, n, t, E) : _(V, q, H, t, n, E);
        if (Ie !== void 0) {
          if (Ie) continue;
          U = false;
          break;
        }
        if (k) {
          if (!Se(n, function(Ae, Ne) {
            if (!k.has(Ne) && (V === Ae || c(V, Ae, _, T, E))) return k.add(Ne);
          })) {
            U = false;
            break;
          }
        } else if (!(V === q || c(V, q, _, T, E))) {
          U = false;
          break;
        }
      }
      return E.delete(t), E.delete(n), U;
    }
    function Gr(t, n, c, _, T, E, y) {
      switch (c) {
        case re:
          if (t.byteLength != n.byteLength || t.byteOffset != n.byteOffset) return false;
          t = t.buffer, n = n.buffer;
        case de:
          return !(t.byteLength != n.byteLength || !_(new W(t), new W(n)));
        case m:
        case S:
        case ne:
          return bt(+t, +n);
        case w:
          return t.name == n.name && t.message == n.message;
        case ie:
        case le:
          return t == n + "";
        case z:
          var b = tt;
        case Z:
          var O = E & h;
          if (b || (b = ke), t.size != n.size && !O) return false;
          var N = y.get(t);
          if (N) return N == n;
          E |= u, y.set(t, n);
          var H = jt(b(t), b(n), _, T, E, y);
          return y.delete(t), H;
        case ue:
          if (Rt) return Rt.call(t) == Rt.call(n);
      }
      return false;
    }
    function Hr(t, n, c, _, T, E) {
      var y = T & h, b = At(t), O = b.length, N = At(n), H = N.length;
      if (O != H && !y) return false;
      for (var U = O; U--; ) {
        var k = b[U];
        if (!(y ? k in n : K.call(n, k))) return false;
      }
      var V = E.get(t);
      if (V && E.get(n)) return V == n;
      var q = true;
      E.set(t, n), E.set(n, t);
      for (var Ie = y; ++U < O; ) {
        k = b[U];
        var Ae = t[k], Ne = n[k];
        if (_) var Qt = y ? _(Ne, Ae, k, n, t, E) : _(Ae, Ne, k, t, n, E);
        if (!(Qt === void 0 ? Ae === Ne || c(Ae, Ne, _, T, E) : Qt)) {
          q = false;
          break;
        }
        Ie || (Ie = k == "constructor");
      }
      if (q && !Ie) {
        var mt = t.constructor, Tt = n.constructor;
        mt != Tt && "constructor" in t && "constructor" in n && !(typeof mt == "function" && mt instanceof mt && typeof Tt == "function" && Tt instanceof Tt) && (q = false);
      }
      return E.delete(t), E.delete(n), q;
    }
    function ht(t, n) {
      var c = t.__data__;
      return Fr(n) ? c[typeof n == "string" ? "string" : "hash"] : c.map;
    }
    function Ur(t) {
      for (var n = At(t), c = n.length; c--; ) {
        var _ = n[c], T = t[_];
        n[c] = [_, T, Bt(T)];
      }
      return n;
    }
    function Ge(t, n) {
      var c = et(t, n);
      return Ir(c) ? c : void 0;
    }
    var ye = Tr;
    (St && ye(new St(new ArrayBuffer(1))) != re || rt && ye(new rt()) != z || yt && ye(yt.resolve()) != j || wt && ye(new wt()) != Z || It && ye(new It()) != fe) && (ye = function(t) {
      var n = $.call(t), c = n == F ? t.constructor : void 0, _ = c ? be(c) : void 0;
      if (_) switch (_) {
        case Yn:
          return re;
        case zn:
          return z;
        case Fn:
          return j;
        case jn:
          return Z;
        case Zn:
          return fe;
      }
      return n;
    });
    function Yr(t, n, c) {
      n = gt(n, t) ? [n] : Ft(n);
      for (var _, T = -1, y = n.length; ++T < y; ) {
        var E = _t(n[T]);
        if (!(_ = t != null && c(t, E))) break;
        t = t[E];
      }
      if (_) return _;
      var y = t ? t.length : 0;
      return !!y && xt(y) && Ot(E, y) && (we(t) || Nt(t));
    }
    function zr(t) {
      return we(t) || Nt(t) || !!(nt && t && t[nt]);
    }
    function Ot(t, n) {
      return n = n ?? f, !!n && (typeof t == "number" || qe.test(t)) && t > -1 && t % 1 == 0 && t < n;
    }
    function Zt(t, n, c) {
      if (!at(c)) return false;
      var _ = typeof n;
      return (_ == "number" ? ot(c) && Ot(n, c.length) : _ == "string" && n in c) ? bt(c[n], t) : false;
    }
    function gt(t, n) {
      if (we(t)) return false;
      var c = typeof t;
      return c == "number" || c == "symbol" || c == "boolean" || t == null || ct(t) ? true : Ze.test(t) || !je.test(t) || n != null && t in Object(n);
    }
    function Fr(t) {
      var n = typeof t;
      return n == "string" || n == "number" || n == "symbol" || n == "boolean" ? t !== "__proto__" : t === null;
    }
    function jr(t) {
      return !!I && I in t;
    }
    function Zr(t) {
      var n = t && t.constructor, c = typeof n == "function" && n.prototype || d;
      return t === c;
    }
    function Bt(t) {
      return t === t && !at(t);
    }
    function Wt(t, n) {
      return function(c) {
        return c == null ? false : c[t] === n && (n !== void 0 || t in Object(c));
      };
    }
    var Br = Pt(function(t) {
      t = Qr(t);
      var n = [];
      return se.test(t) && n.push(""), t.replace(oe, function(c, _, T, E) {
        n.push(T ? E.replace(We, "$1") : _ || c);
      }), n;
    });
    function _t(t) {
      if (typeof t == "string" || ct(t)) return t;
      var n = t + "";
      return n == "0" && 1 / t == -1 / 0 ? "-0" : n;
    }
    function be(t) {
      if (t != null) {
        try {
          return x.call(t);
        } catch {
        }
        try {
          return t + "";
        } catch {
        }
      }
      return "";
    }
    var Wr = vr(function(t, n) {
      if (t == null) return [];
      var c = n.length;
      return c > 1 && Zt(t, n[0], n[1]) ? n = [] : c > 2 && Zt(n[0], n[1], n[2]) && (n = [n[0]]), xr(t, Er(n), []);
    });
    function Pt(t, n) {
      if (typeof t != "function" || n && typeof n != "function") throw new TypeError(a);
      var c = function() {
        var _ = arguments, T = n ? n.apply(this, _) : _[0], E = c.cache;
        if (E.has(T)) return E.get(T);
        var y = t.apply(this, _);
        return c.cache = E.set(T, y), y;
      };
      return c.cache = new (Pt.Cache || _e)(), c;
    }
    Pt.Cache = _e;
    function bt(t, n) {
      return t === n || t !== t && n !== n;
    }
    function Nt(t) {
      return Vr(t) && K.call(t, "callee") && (!G.call(t, "callee") || $.call(t) == l);
    }
    var we = Array.isArray;
    function ot(t) {
      return t != null && xt(t.length) && !Vt(t);
    }
    function Vr(t) {
      return Et(t) && ot(t);
    }
    function Vt(t) {
      var n = at(t) ? $.call(t) : "";
      return n == P || n == v;
    }
    function xt(t) {
      return typeof t == "number" && t > -1 && t % 1 == 0 && t <= f;
    }
    function at(t) {
      var n = typeof t;
      return !!t && (n == "object" || n == "function");
    }
    function Et(t) {
      return !!t && typeof t == "object";
    }
    function ct(t) {
      return typeof t == "symbol" || Et(t) && $.call(t) == ue;
    }
    var qr = he ? De(he) : Rr;
    function Qr(t) {
      return t == null ? "" : $r(t);
    }
    function Jr(t, n, c) {
      var _ = t == null ? void 0 : zt(t, n);
      return _ === void 0 ? c : _;
    }
    function Xr(t, n) {
      return t != null && Yr(t, n, Sr);
    }
    function At(t) {
      return ot(t) ? gr(t) : Or(t);
    }
    function qt(t) {
      return t;
    }
    function es(t) {
      return gt(t) ? ae(_t(t)) : Kr(t);
    }
    e.exports = Wr;
  })(ut, ut.exports)), ut.exports;
}
function os() {
  return tn || (tn = 1, $t = (e) => {
    if (typeof e != "string") throw new TypeError("Expected a string");
    return e.replace(/[|\\{}()[\]^$+*?.]/g, "\\$&").replace(/-/g, "\\x2d");
  }), $t;
}
function as() {
  if (nn) return xe;
  nn = 1, Object.defineProperty(xe, "__esModule", { value: true }), xe.isRegExpString = xe.parseRegExpString = void 0;
  var e = /^\/(.+)\/([guimysd]*)$/, s = function(a) {
    var i = a.match(e);
    return i ? { source: i[1], flagString: i[2] } : null;
  };
  xe.parseRegExpString = s;
  var o = function(a) {
    return e.test(a);
  };
  return xe.isRegExpString = o, xe;
}
function cs() {
  return rn || (rn = 1, (function(e) {
    var s = it && it.__importDefault || function(w) {
      return w && w.__esModule ? w : { default: w };
    };
    Object.defineProperty(e, "__esModule", { value: true }), e.matchPatterns = e.createRegExp = void 0;
    var o = s(ns()), a = s(rs()), i = s(ss()), u = s(os()), h = as(), f = "ug", l = function(w) {
      return w.length === 0 ? f : (0, o.default)((w + f).split("")).join("");
    }, g = function(w, P) {
      if (P === void 0 && (P = f), w.length === 0) throw new Error("Empty string can not handled");
      if ((0, h.isRegExpString)(w)) {
        var v = (0, h.parseRegExpString)(w);
        if (v) return new RegExp(v.source, l(v.flagString));
        throw new Error('"'.concat(w, '" can not parse as RegExp.'));
      } else return new RegExp((0, u.default)(w), P);
    };
    e.createRegExp = g;
    var m = function(w, P) {
      return w.startIndex === P.startIndex && w.endIndex === P.endIndex && w.match === P.match;
    }, S = function(w, P) {
      var v = [];
      P.map(function(ne) {
        return (0, e.createRegExp)(ne);
      }).forEach(function(ne) {
        var F = w.matchAll(ne);
        Array.from(F).forEach(function(j) {
          if (j.index !== void 0) {
            var ie = j[0], Z = j.index;
            v.push({ match: ie, captures: j.slice(1), startIndex: Z, endIndex: Z + ie.length });
          }
        });
      });
      var z = (0, a.default)(v, m);
      return (0, i.default)(z, ["startIndex", "endIndex"]);
    };
    e.matchPatterns = S;
  })(it)), it;
}
function Y(e, s) {
  if (s + 2 > e.length) throw new Error("PKCS12: truncated TLV header");
  let o = e[s], a = e[s + 1], i, u;
  if (a < 128) i = a, u = s + 2;
  else {
    let f = a & 127;
    if (f === 0 || f > 4) throw new Error("PKCS12: unsupported ASN.1 length encoding");
    if (s + 2 + f > e.length) throw new Error("PKCS12: truncated ASN.1 length");
    i = 0;
    for (let l = 0; l < f; l++) i = i * 256 + e[s + 2 + l];
    u = s + 2 + f;
  }
  let h = u + i;
  if (h > e.length) throw new Error("PKCS12: TLV extends past buffer");
  return { tag: o, content: e.subarray(u, h), end: h };
}
function Q(e, s, o) {
  if (e.tag !== s) throw new Error(`PKCS12: expected ${o} tag 0x${s.toString(16)} but got 0x${e.tag.toString(16)}`);
}
function an(e) {
  Q(e, ds, "INTEGER");
  let s = 0;
  for (let o of e.content) s = s * 256 + o;
  return s;
}
function Gt(e, s) {
  if (e.length !== s.length) return false;
  let o = 0;
  for (let a = 0; a < e.length; a++) o |= e[a] ^ s[a];
  return o === 0;
}
function Ss(e) {
  for (let { oid: s, hash: o } of Ts) if (Gt(e, s)) return o;
}
function ws(e) {
  let s = Y(e, 0);
  Q(s, lt, "PFX SEQUENCE");
  let o = Y(s.content, 0);
  if (an(o) !== 3) throw new Error("PKCS12: unsupported version");
  let a = Y(s.content, o.end);
  Q(a, lt, "ContentInfo SEQUENCE");
  let i = Y(a.content, 0);
  if (Q(i, on, "contentType OID"), !Gt(i.content, gs)) throw new Error("PKCS12: unsupported authSafe contentType");
  let u = Y(a.content, i.end);
  Q(u, hs, "[0] EXPLICIT");
  let h = Y(u.content, 0);
  Q(h, Lt, "authSafe OCTET STRING");
  let f = Y(s.content, a.end);
  Q(f, lt, "MacData SEQUENCE");
  let l = Y(f.content, 0);
  Q(l, lt, "DigestInfo SEQUENCE");
  let g = Y(l.content, 0);
  Q(g, lt, "AlgorithmIdentifier SEQUENCE");
  let m = Y(g.content, 0);
  Q(m, on, "algorithm OID");
  let S = Ss(m.content);
  if (!S) throw new Error("PKCS12: unsupported MAC digest algorithm");
  if (m.end < g.content.length && Y(g.content, m.end).tag !== ps) throw new Error("PKCS12: unexpected MAC algorithm parameters");
  let w = Y(l.content, g.end);
  Q(w, Lt, "digest OCTET STRING");
  let P = Y(f.content, l.end);
  Q(P, Lt, "macSalt OCTET STRING");
  let v = 1;
  if (P.end < f.content.length) {
    let z = Y(f.content, P.end);
    v = an(z);
  }
  if (v < 1 || v > ys) throw new Error("PKCS12: MAC iteration count out of range");
  return { authSafe: h.content, macHash: S, macSalt: P.content, macDigest: w.content, iterations: v };
}
function Mt(e) {
  let s = new Uint8Array(e.length);
  return s.set(e), s;
}
async function Rs(e) {
  try {
    let { createHash: s } = await import("node:crypto"), o = Is[e.name];
    return (a) => new Uint8Array(s(o).update(a).digest());
  } catch {
    return async (s) => new Uint8Array(await globalThis.crypto.subtle.digest(e.name, Mt(s)));
  }
}
function cn(e, s) {
  if (e.length === 0) return new Uint8Array(0);
  let o = new Uint8Array(Math.ceil(e.length / s) * s);
  for (let a = 0; a < o.length; a++) o[a] = e[a % e.length];
  return o;
}
function Cs(e) {
  if (e.length === 0) return new Uint8Array(0);
  let s = new Uint8Array(e.length * 2 + 2);
  for (let o = 0; o < e.length; o++) {
    let a = e.charCodeAt(o);
    s[o * 2] = a >> 8 & 255, s[o * 2 + 1] = a & 255;
  }
  return s;
}
async function Os(e, s, o, a) {
  let i = e.blockSize, u = e.outputSize, f = new Uint8Array(i).fill(3), l = cn(Cs(s), i), g = cn(o, i), m = new Uint8Array(f.length + g.length + l.length);
  m.set(f, 0), m.set(g, f.length), m.set(l, f.length + g.length);
  let S = await Rs(e), w = await S(m);
  for (let P = 1; P < a; P++) w = await S(w);
  return w.subarray(0, u);
}
async function Ps(e, s) {
  let o;
  try {
    o = ws(e);
  } catch {
    return false;
  }
  try {
    let a = await Os(o.macHash, s, o.macSalt, o.iterations), i = await globalThis.crypto.subtle.importKey("raw", Mt(a), { name: "HMAC", hash: o.macHash.name }, false, ["sign"]), u = new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", i, Mt(o.authSafe)));
    return Gt(u, o.macDigest);
  } catch {
    return false;
  }
}
async function Ns({ source: e, options: s, context: o, t: a }) {
  if (e.filePath) try {
    let i = await import("node:fs"), h = (await import("node:path")).basename(e.filePath);
    if (R.matchPatterns(h, s.allows).length > 0) return;
    let f = new Uint8Array(i.readFileSync(e.filePath));
    if (!await Ps(f, bs)) return;
    o.report({ message: a("PrivateKeyP12", { FILE_NAME: h }), range: [0, e.content.length] });
  } catch {
  }
}
function xs({ source: e, options: s, context: o, t: a }) {
  try {
    let i = JSON.parse(e.content), u = /-----BEGIN\s?(DSA|RSA|EC|PGP|OPENSSH)?\s?PRIVATE KEY/gm;
    if (!("private_key_id" in i && "private_key" in i && u.test(i.private_key)) || [i.private_key_id, i.private_key].filter((l) => typeof l == "string").some((l) => R.matchPatterns(l, s.allows).length > 0)) return;
    o.report({ message: a("PrivateKeyJSON", { FILE_NAME: e.filePath ? import_node_path8.default.basename(e.filePath) : "" }), range: [0, e.content.length] });
  } catch {
  }
}
function vs({ source: e, options: s, context: o, t: a }) {
  let i = /https?:\/\/(.{1,256}):x-oauth-basic@github.com\//g, u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[1] || "", g = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("PackageJSON_xOauthToken", { TOKEN: l }), range: g });
  }
}
function $s({ source: e, options: s, context: o, t: a }) {
  let i = /_authToken=([^$].*)/g, u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[1] || "", g = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("Npmrc_authToken", { TOKEN: l }), range: g });
  }
}
function Ls({ source: e, options: s, context: o, t: a }) {
  let i = new RegExp("(?<!\\p{L})npm_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])", "gu"), u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[0] || "", g = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("NPM_ACCESS_TOKEN", { TOKEN: l }), range: g });
  }
}
function Gs({ source: e, options: s, context: o, t: a }) {
  let i = /\b(?:xoxb|xoxp|xapp|xoxa|xoxo|xoxr)-(?:\d-)?(?:[a-zA-Z0-9]{1,40}-)+[a-zA-Z0-9]{1,40}\b/g, u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[0] || "", g = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("SLACK_TOKEN", { TOKEN: l }), range: g });
  }
}
function Hs({ source: e, options: s, context: o, t: a }) {
  let i = /https:\/\/hooks\.slack\.com\/services\/T[a-zA-Z0-9]{1,40}\/B[a-zA-Z0-9]{1,40}\/[a-zA-Z0-9]{1,40}/gi, u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[0] || "", g = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("IncomingWebhook", { URL: l }), range: g });
  }
}
function Hn(e) {
  return [/\$\{[^}]{1,50}\}/, /\{\{[^}]{1,50}\}\}/, /\{[^}]{1,50}\}/, /%[A-Z_]{1,30}%/, /\$[A-Z_]{1,30}/].some((o) => o.test(e));
}
function Ys(e) {
  return !(e.length < 2 || Hn(e) || Gn.some((s) => e.toLowerCase().includes(s.toLowerCase())));
}
function zs(e) {
  return !(e.length < 4 || Hn(e) || Gn.some((s) => e.toLowerCase().includes(s.toLowerCase())) || /^(.)\1{3,}$/.test(e));
}
function Fs({ source: e, options: s, context: o, t: a }) {
  let i = /(?<protocol>(?:https?|ftp|ftps)):\/\/(?<user>[-a-zA-Z0-9_]{1,256}):(?<password>[-a-zA-Z0-9_]{1,256})@[-a-zA-Z0-9%._+~#=]{1,256}\.[a-zA-Z0-9()]{1,6}\b/g, u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[0] || "", g = h.groups?.user, m = h.groups?.password;
    if (!g || !m || !Ys(g) || !zs(m)) continue;
    let S = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("BasicAuth", { CREDENTIAL: l }), range: S });
  }
}
function Qs({ source: e, options: s, context: o, t: a }) {
  let i = new RegExp("(?<!\\p{L})ntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])", "gu"), u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index ?? 0, l = h[0] ?? "", g = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("NOTION_INTEGRATION_TOKEN", { TOKEN: l }), range: g });
  }
}
function eo(e) {
  return !(!/^[A-Za-z0-9+/]+=*$/.test(e) || e.length < 100 || !/^(MI|b3BlbnNzaC1rZXktdjE)/.test(e));
}
function to({ source: e, options: s, context: o, t: a }) {
  let i = e.content.matchAll(Xs);
  for (let u of i) {
    let h = u.index || 0, f = u[0] || "", l = u[1] || "", g = [h, h + f.length];
    if (R.matchPatterns(f, s.allows).length > 0) continue;
    let S = l.replace(/\s|\\n/g, "");
    eo(S) && o.report({ message: a("PrivateKey", { KEY: f }), range: g });
  }
}
function ro({ source: e, options: s, context: o, t: a }) {
  let i = new RegExp("(?<!\\p{L})SG\\.\\w{1,128}\\.\\w{1,128}([-_]?)\\w{1,128}(?!\\w)", "gu"), u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[0] || "";
    if (l.length !== 69) continue;
    let g = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("SENDGRID_KEY", { KEY: l }), range: g });
  }
}
function oo({ source: e, options: s, context: o, t: a }) {
  let i = new RegExp("(?<!\\p{L})(shppa|shpca|shpat|shpss)_[a-zA-Z0-9]{32,64}(?![a-zA-Z0-9])", "gu"), u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[0] || "", g = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("SHOPIFY_KEY", { KEY: l }), range: g });
  }
}
function lo({ source: e, options: s, context: o, t: a }) {
  let i = e.content.matchAll(io);
  for (let u of i) {
    let h = u.index ?? 0, f = u[0] ?? "", l = u.groups?.prefix;
    if (!l) continue;
    let g = [h, h + f.length];
    R.matchPatterns(f, s.allows).length > 0 || o.report({ message: a(co[l], { KEY: f }), range: g });
  }
}
function po({ pattern: e, source: s, options: o, context: a, t: i }) {
  let u = s.content.matchAll(e);
  for (let h of u) {
    let f = h.index || 0, l = h.groups?.type, g = fo.get(l);
    if (!g) throw new Error("Unknown type:" + g);
    let m = h[0] || "", S = [f, f + m.length];
    R.matchPatterns(m, o.allows).length > 0 || a.report({ message: i("GITHUB_TOKEN", { KEY: m, typeName: g }), range: S });
  }
}
function go({ pattern: e, source: s, options: o, context: a, t: i }) {
  let u = s.content.matchAll(e);
  for (let h of u) {
    let f = h.index ?? 0, l = h[0] ?? "", g = [f, f + l.length];
    R.matchPatterns(l, o.allows).length > 0 || a.report({ message: i("GITLAB_PERSONAL_ACCESS_TOKEN", { KEY: l }), range: g });
  }
}
function Cn({ pattern: e, messageId: s, source: o, options: a, context: i, t: u }) {
  let h = o.content.matchAll(e);
  for (let f of h) {
    let l = f.index ?? 0, g = f[0] ?? "";
    if (R.matchPatterns(g, a.allows).length > 0) continue;
    let S = [l, l + g.length];
    i.report({ message: u(s, { TOKEN: g }), range: S });
  }
}
function So(e) {
  return [/\$\{[^}]{1,50}\}/, /\{\{[^}]{1,50}\}\}/, /\{[^}]{1,50}\}/, /%[A-Z_]{1,30}%/, /\$[A-Z_]{1,30}/, /\$\([^)]{1,50}\)/].some((o) => o.test(e));
}
function Ht(e, s) {
  if (e === s || s.length < 4 || So(s)) return false;
  let o = s.toLowerCase();
  return !(To.some((a) => o === a.toLowerCase()) || /^(.)\1{3,}$/.test(s));
}
function yo({ source: e, options: s, context: o, t: a }) {
  let i = /mongodb(?:\+srv)?:\/\/(?:(?<username>[^:\/\s]{1,100}):(?<password>[^@\/\s]{1,200})@)?(?<host>[^\/\s?]{1,100})(?:\/(?<database>[^?\s]{0,100}))?(?:\?(?<options>[^\s]{0,500}))?/gi, u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[0] || "", g = h.groups?.username, m = h.groups?.password;
    if (!g || !m || !Ht(g, m)) continue;
    let S = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("MongoDBConnection", { URI: l }), range: S });
  }
}
function wo({ source: e, options: s, context: o, t: a }) {
  let i = /(?:jdbc:)?mysql(?:x)?:\/\/(?:(?<username>[^:\/\s]{1,100}):(?<password>[^@\/\s]{1,200})@)?(?<host>[^\/\s?]{1,100})(?:\/(?<database>[^?\s]{0,100}))?(?:\?(?<options>[^\s]{0,500}))?/gi, u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[0] || "", g = h.groups?.username, m = h.groups?.password;
    if (!g || !m || !Ht(g, m)) continue;
    let S = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("MySQLConnection", { URI: l }), range: S });
  }
}
function Io({ source: e, options: s, context: o, t: a }) {
  let i = /postgres(?:ql)?:\/\/(?:(?<username>[^:\/\s]{1,100}):(?<password>[^@\/\s]{1,200})@)?(?<host>[^\/\s?]{1,100})(?:\/(?<database>[^?\s]{0,100}))?(?:\?(?<options>[^\s]{0,500}))?/gi, u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[0] || "", g = h.groups?.username, m = h.groups?.password;
    if (!g || !m || !Ht(g, m)) continue;
    let S = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("PostgreSQLConnection", { URI: l }), range: S });
  }
}
function vo({ source: e, options: s, context: o, t: a }) {
  let i = new RegExp("(?<!\\p{L})dckr_pat_[a-zA-Z0-9_-]{27}(?![a-zA-Z0-9_-])", "gu"), u = e.content.matchAll(i);
  for (let h of u) {
    let f = h.index || 0, l = h[0] || "", g = [f, f + l.length];
    R.matchPatterns(l, s.allows).length > 0 || o.report({ message: a("DOCKER_PERSONAL_ACCESS_TOKEN", { TOKEN: l }), range: g });
  }
}
function ko({ source: e, options: s, context: o, t: a }) {
  let i = e.content.matchAll(Mo);
  for (let u of i) {
    let h = u.index ?? 0, f = u[0] ?? "", l = u.groups?.prefix;
    if (!l) continue;
    let g = [h, h + f.length];
    R.matchPatterns(f, s.allows).length > 0 || o.report({ message: a(Do[l], { TOKEN: f }), range: g });
  }
}
function Dt(e) {
  if (!e) return [];
  let s = e.indexOf("--");
  return (s === -1 ? e : e.slice(0, s)).split(/,/).map((a) => a.trim()).filter((a) => a !== "") ?? [];
}
var import_node_path8, J, it, Kt, Jt, vt, Xt, ut, en, $t, tn, xe, nn, rn, R, kn, sn, is, ls, us, fs, ds, Lt, ps, on, lt, hs, gs, _s, Es, As, ms, Ts, ys, Is, bs, ln, Ks, un, Ds, Ms, ks, fn, Us, dn, Gn, js, pn, Zs, hn, Bs, gn, Ws, _n, Vs, En, qs, An, Js, mn, Xs, no, Tn, so, Sn, ao, yn, co, io, uo, wn, fo, ho, In, _o, Rn, Eo, On, Ao, mo, Pn, To, Ro, bn, Co, Oo, Po, bo, Nn, No, xo, xn, Ko, Kn, $o, vn, Lo, $n, Do, Mo, Go, Ln, Ho, Uo, Yo, zo, kt, Dn, Fo, Mn;
var init_secretlint_rules = __esm({
  "../integrations/claude-code/hooks/vendor/secretlint-rules.mjs"() {
    import_node_path8 = __toESM(require("node:path"), 1);
    J = typeof globalThis < "u" ? globalThis : typeof window < "u" ? window : typeof global < "u" ? global : typeof self < "u" ? self : {};
    it = {};
    ut = { exports: {} };
    ut.exports;
    xe = {};
    R = cs();
    kn = { AWSAccountID: ["AKIAIOSFODNN7EXAMPLE"], AWSSecretAccessKey: ["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"] };
    sn = { AWSAccountID: { en: (e) => `found AWS Account ID: ${e.ID}`, ja: (e) => `AWS Account ID: ${e.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, AWSSecretAccessKey: { en: (e) => `found AWS Secret Access Key: ${e.KEY}`, ja: (e) => `AWS Secret Access Key: ${e.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, AWSAccessKeyID: { en: (e) => `found AWS Access Key ID: ${e.ID}`, ja: (e) => `AWS Access Key Id: ${e.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    is = ({ t: e, source: s, context: o, options: a }) => {
      let i = /\b(A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\b/g, u = s.content.matchAll(i);
      for (let h of u) {
        let f = h.index || 0, l = h[0] || "", g = [f, f + l.length];
        kn.AWSAccountID.includes(l) || R.matchPatterns(l, a.allows).length > 0 || o.report({ message: e("AWSAccessKeyID", { ID: l }), range: g });
      }
    };
    ls = ({ t: e, source: s, context: o, options: a }) => {
      let i = "(?:AWS|aws|Aws)?_?", u = `["']?`, h = "\\s*(?::|=>|=)\\s*", f = new RegExp(String.raw`${u}${i}(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)${u}${h}${u}([A-Za-z0-9/\+=]{40})${u}\b`, "g"), l = s.content.matchAll(f);
      for (let g of l) {
        let m = g.index || 0, S = g[1] || "", w = [m, m + S.length];
        kn.AWSSecretAccessKey.includes(S) || R.matchPatterns(S, a.allows).length > 0 || o.report({ message: e("AWSSecretAccessKey", { KEY: S }), range: w });
      }
    };
    us = ({ t: e, source: s, context: o, options: a }) => {
      let i = "(AWS|aws|Aws)?_?", u = `("|')?`, h = "\\s*(:|=>|=)\\s*", f = new RegExp(String.raw`${u}${i}(ACCOUNT|account|Account)_?(ID|id|Id)?${u}${h}${u}[0-9]{4}\-?[0-9]{4}\-?[0-9]{4}${u}\b`, "g"), l = s.content.matchAll(f);
      for (let g of l) {
        let m = g.index || 0, S = g[0] || "", w = [m, m + S.length];
        R.matchPatterns(S, a.allows).length > 0 || o.report({ message: e("AWSAccountID", { ID: S }), range: w });
      }
    };
    fs = { messages: sn, meta: { id: "@secretlint/secretlint-rule-aws", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-aws/README.md" } }, create(e, s) {
      let o = { allows: s.allows || [], enableIDScanRule: s.enableIDScanRule ?? false }, a = e.createTranslator(sn);
      return { file(i) {
        o.enableIDScanRule && (is({ t: a, source: i, context: e, options: o }), us({ t: a, source: i, context: e, options: o })), ls({ t: a, source: i, context: e, options: o });
      } };
    } };
    ds = 2;
    Lt = 4;
    ps = 5;
    on = 6;
    lt = 48;
    hs = 160;
    gs = new Uint8Array([42, 134, 72, 134, 247, 13, 1, 7, 1]);
    _s = new Uint8Array([43, 14, 3, 2, 26]);
    Es = new Uint8Array([96, 134, 72, 1, 101, 3, 4, 2, 1]);
    As = new Uint8Array([96, 134, 72, 1, 101, 3, 4, 2, 2]);
    ms = new Uint8Array([96, 134, 72, 1, 101, 3, 4, 2, 3]);
    Ts = [{ oid: _s, hash: { name: "SHA-1", outputSize: 20, blockSize: 64 } }, { oid: Es, hash: { name: "SHA-256", outputSize: 32, blockSize: 64 } }, { oid: As, hash: { name: "SHA-384", outputSize: 48, blockSize: 128 } }, { oid: ms, hash: { name: "SHA-512", outputSize: 64, blockSize: 128 } }];
    ys = 1e5;
    Is = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512" };
    bs = "notasecret";
    ln = { PrivateKeyP12: { en: (e) => `found GCP Service Account's private key(p12): ${e.FILE_NAME}`, ja: (e) => `GCP\u30B5\u30FC\u30D3\u30B9\u30A2\u30AB\u30A6\u30F3\u30C8\u306E\u79D8\u5BC6\u9375(p12) ${e.FILE_NAME} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, PrivateKeyJSON: { en: (e) => `found GCP Service Account's private key(json): ${e.FILE_NAME}`, ja: (e) => `GCP\u30B5\u30FC\u30D3\u30B9\u30A2\u30AB\u30A6\u30F3\u30C8\u306E\u79D8\u5BC6\u9375(json): ${e.FILE_NAME} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Ks = { messages: ln, meta: { id: "@secretlint/secretlint-rule-gcp", recommended: true, type: "scanner", supportedContentTypes: ["all"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-gcp/README.md" } }, create(e, s) {
      let o = e.createTranslator(ln), a = { allows: s?.allows ?? [] };
      return { file(i) {
        if (i.ext === ".p12") return Ns({ source: i, options: a, context: e, t: o });
        if (i.ext === ".json") return xs({ source: i, options: a, context: e, t: o });
      } };
    } };
    un = { PackageJSON_xOauthToken: { en: (e) => `found GitHub Token: ${e.TOKEN}`, ja: (e) => `GitHub Token: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, Npmrc_authToken: { en: (e) => `found npmrc authToken: ${e.TOKEN}`, ja: (e) => `npmrc authToken: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, NPM_ACCESS_TOKEN: { en: (e) => `found npm access token: ${e.TOKEN}`, ja: (e) => `npm access token: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Ds = (e) => e ? e.endsWith("package.json") || e.endsWith("package-lock.json") : true;
    Ms = (e) => e ? e.endsWith(".npmrc") : true;
    ks = { messages: un, meta: { id: "@secretlint/secretlint-rule-npm", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-npm/README.md" } }, create(e, s) {
      let o = e.createTranslator(un), a = { allows: s.allows || [] };
      return { file(i) {
        Ds(i.filePath) ? vs({ source: i, options: a, context: e, t: o }) : Ms(i.filePath) && $s({ source: i, options: a, context: e, t: o }), Ls({ source: i, options: a, context: e, t: o });
      } };
    } };
    fn = { SLACK_TOKEN: { en: (e) => `found slack token: ${e.TOKEN}`, ja: (e) => `Slack\u30C8\u30FC\u30AF\u30F3: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, IncomingWebhook: { en: (e) => `found Slack Incoming Webhook: ${e.URL}`, ja: (e) => `Slack\u306EIncoming Webhooks: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Us = { messages: fn, meta: { id: "@secretlint/secretlint-rule-slack", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-slack/README.md" } }, create(e, s) {
      let o = e.createTranslator(fn), a = { allows: s.allows || [] };
      return { file(i) {
        Gs({ source: i, options: a, context: e, t: o }), Hs({ source: i, options: a, context: e, t: o });
      } };
    } };
    dn = { BasicAuth: { en: (e) => `found basic auth credential: ${e.CREDENTIAL}`, ja: (e) => `\u30D9\u30FC\u30B7\u30C3\u30AF\u8A8D\u8A3C\u60C5\u5831: ${e.CREDENTIAL} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Gn = ["localhost", "127.0.0.1", "password", "mypassword", "myusername", "{password}", "${password}", "{{password}}", "{username}", "${username}", "{{username}}", "YOUR_PASSWORD", "YOUR_USERNAME", "REPLACE_WITH_PASSWORD", "REPLACE_WITH_USERNAME"];
    js = { messages: dn, meta: { id: "@secretlint/secretlint-rule-basicauth", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-basicauth/README.md" } }, create(e, s) {
      let o = e.createTranslator(dn), a = { allows: s.allows || [] };
      return { file(i) {
        Fs({ source: i, options: a, context: e, t: o });
      } };
    } };
    pn = { OPENAI_TOKEN: { en: (e) => `found OpenAI API token: ${e.TOKEN}`, ja: (e) => `OpenAI API \u30C8\u30FC\u30AF\u30F3: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Zs = { messages: pn, meta: { id: "@secretlint/secretlint-rule-openai", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-openai/README.md" } }, create(e, s) {
      let o = e.createTranslator(pn), a = { allows: s?.allows ?? [] };
      return { file(i) {
        let u = /sk-(?:proj|svcacct|admin)-(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})T3BlbkFJ(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})\b|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}/g, h = i.content.matchAll(u);
        for (let f of h) {
          let l = f.index ?? 0, g = f[0] ?? "";
          if (R.matchPatterns(g, a.allows).length > 0) continue;
          let S = [l, l + g.length];
          e.report({ message: o("OPENAI_TOKEN", { TOKEN: g }), range: S });
        }
      } };
    } };
    hn = { ANTHROPIC_API_KEY: { en: (e) => `found Anthropic Claude API key: ${e.KEY}`, ja: (e) => `Anthropic Claude API \u30AD\u30FC: ${e.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Bs = { messages: hn, meta: { id: "@secretlint/secretlint-rule-anthropic", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-anthropic/README.md" } }, create(e, s) {
      let o = e.createTranslator(hn), a = { allows: s?.allows ?? [] };
      return { file(i) {
        let u = new RegExp("(?<!\\p{L})sk-ant-api0\\d-[A-Za-z0-9_-]{90,128}AA(?![A-Za-z0-9_-])", "gu"), h = i.content.matchAll(u);
        for (let f of h) {
          let l = f.index ?? 0, g = f[0] ?? "";
          if (R.matchPatterns(g, a.allows).length > 0) continue;
          let S = [l, l + g.length];
          e.report({ message: o("ANTHROPIC_API_KEY", { KEY: g }), range: S });
        }
      } };
    } };
    gn = { GROQ_API_KEY: { en: (e) => `found Groq API key: ${e.KEY}`, ja: (e) => `Groq API \u30AD\u30FC: ${e.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Ws = { messages: gn, meta: { id: "@secretlint/secretlint-rule-groq", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-groq/README.md" } }, create(e, s) {
      let o = e.createTranslator(gn), a = { allows: s?.allows ?? [] };
      return { file(i) {
        let u = new RegExp("(?<!\\p{L})gsk_[a-zA-Z0-9]{52}(?![a-zA-Z0-9])", "gu"), h = i.content.matchAll(u);
        for (let f of h) {
          let l = f.index ?? 0, g = f[0] ?? "";
          if (R.matchPatterns(g, a.allows).length > 0) continue;
          let S = [l, l + g.length];
          e.report({ message: o("GROQ_API_KEY", { KEY: g }), range: S });
        }
      } };
    } };
    _n = { HUGGINGFACE_USER_ACCESS_TOKEN: { en: (e) => `found Hugging Face User Access Token: ${e.TOKEN}`, ja: (e) => `Hugging Face User Access Token: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Vs = { messages: _n, meta: { id: "@secretlint/secretlint-rule-huggingface", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-huggingface/README.md" } }, create(e, s) {
      let o = e.createTranslator(_n), a = { allows: s?.allows ?? [] };
      return { file(i) {
        let u = new RegExp("(?<!\\p{L})hf_[a-zA-Z]{34}(?![a-zA-Z])", "gu"), h = i.content.matchAll(u);
        for (let f of h) {
          let l = f.index ?? 0, g = f[0] ?? "";
          if (R.matchPatterns(g, a.allows).length > 0) continue;
          let S = [l, l + g.length];
          e.report({ message: o("HUGGINGFACE_USER_ACCESS_TOKEN", { TOKEN: g }), range: S });
        }
      } };
    } };
    En = { LINEAR_API_TOKEN: { en: (e) => `found linear api token: ${e.ID}`, ja: (e) => `linear api token: ${e.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    qs = { messages: En, meta: { id: "@secretlint/secretlint-rule-linear", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-linear/README.md" } }, create(e, s) {
      let o = e.createTranslator(En), a = { allows: s?.allows ?? [] };
      return { file(i) {
        let u = new RegExp("(?<!\\p{L})lin_api_[a-zA-Z0-9_]{32,128}(?![a-zA-Z0-9_])", "gu"), h = i.content.matchAll(u);
        for (let f of h) {
          let l = f.index ?? 0, g = f[0] ?? "";
          if (R.matchPatterns(g, a.allows).length > 0) continue;
          let S = [l, l + g.length];
          e.report({ message: o("LINEAR_API_TOKEN", { ID: g }), range: S });
        }
      } };
    } };
    An = { NOTION_INTEGRATION_TOKEN: { en: (e) => `found Notion integration token: ${e.TOKEN}`, ja: (e) => `Notion integration \u30C8\u30FC\u30AF\u30F3: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Js = { messages: An, meta: { id: "@secretlint/secretlint-rule-notion", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-notion/README.md" } }, create(e, s) {
      let o = e.createTranslator(An), a = { allows: s.allows ?? [] };
      return { file(i) {
        Qs({ source: i, options: a, context: e, t: o });
      } };
    } };
    mn = { PrivateKey: { en: (e) => `found private key: ${e.KEY}`, ja: (e) => `\u79D8\u5BC6\u9375: ${e.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Xs = /-----BEGIN[ ]?(?:(?:RSA|DSA|EC|OPENSSH|PGP) )?PRIVATE KEY(?: BLOCK)?-----\n?([A-Za-z0-9+/=\s\\]{100,10000})\n?-----END[ ]?(?:(?:RSA|DSA|EC|OPENSSH|PGP) )?PRIVATE KEY(?: BLOCK)?-----/gm;
    no = { messages: mn, meta: { id: "@secretlint/secretlint-rule-privatekey", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-privatekey/README.md" } }, create(e, s) {
      let o = e.createTranslator(mn), a = { allows: s.allows || [] };
      return { file(i) {
        to({ source: i, options: a, context: e, t: o });
      } };
    } };
    Tn = { SENDGRID_KEY: { en: (e) => `found Sendgrid api key: ${e.KEY}`, ja: (e) => `Sendgrid API\u30AD\u30FC\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F\uFF1A ${e.KEY}` } };
    so = { messages: Tn, meta: { id: "@secretlint/secretlint-rule-sendgrid", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-sendgrid/README.md" } }, create(e, s) {
      let o = e.createTranslator(Tn), a = { allows: s.allows || [] };
      return { file(i) {
        ro({ source: i, options: a, context: e, t: o });
      } };
    } };
    Sn = { SHOPIFY_KEY: { en: (e) => `found Shopify api key: ${e.KEY}`, ja: (e) => `Shopify API\u30AD\u30FC\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F\uFF1A ${e.KEY}` } };
    ao = { messages: Sn, meta: { id: "@secretlint/secretlint-rule-shopify", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-shopify/README.md" } }, create(e, s) {
      let o = e.createTranslator(Sn), a = { allows: s.allows || [] };
      return { file(i) {
        oo({ source: i, options: a, context: e, t: o });
      } };
    } };
    yn = { STRIPE_SECRET_KEY_LIVE: { en: (e) => `found Stripe Live Secret Key: ${e.KEY}`, ja: (e) => `Stripe Live Secret Key\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${e.KEY}` }, STRIPE_SECRET_KEY_TEST: { en: (e) => `found Stripe Test Secret Key: ${e.KEY}`, ja: (e) => `Stripe Test Secret Key\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${e.KEY}` }, STRIPE_RESTRICTED_KEY_LIVE: { en: (e) => `found Stripe Live Restricted Key: ${e.KEY}`, ja: (e) => `Stripe Live Restricted Key\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${e.KEY}` }, STRIPE_RESTRICTED_KEY_TEST: { en: (e) => `found Stripe Test Restricted Key: ${e.KEY}`, ja: (e) => `Stripe Test Restricted Key\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${e.KEY}` } };
    co = { sk_live: "STRIPE_SECRET_KEY_LIVE", sk_test: "STRIPE_SECRET_KEY_TEST", rk_live: "STRIPE_RESTRICTED_KEY_LIVE", rk_test: "STRIPE_RESTRICTED_KEY_TEST" };
    io = new RegExp("(?<!\\p{L})(?<prefix>sk_live|sk_test|rk_live|rk_test)_[a-zA-Z0-9]{24,99}(?![a-zA-Z0-9])", "gu");
    uo = { messages: yn, meta: { id: "@secretlint/secretlint-rule-stripe", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-stripe/README.md" } }, create(e, s) {
      let o = e.createTranslator(yn), a = { allows: s.allows ?? [] };
      return { file(i) {
        lo({ source: i, options: a, context: e, t: o });
      } };
    } };
    wn = { GITHUB_TOKEN: { en: (e) => `found GitHub Token(${e.typeName}): ${e.KEY}`, ja: (e) => `GitHub Token(${e.typeName})\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F\uFF1A ${e.KEY}` } };
    fo = /* @__PURE__ */ new Map([["ghp", "GitHub personal access tokens"], ["gho", "OAuth access tokens"], ["ghu", "GitHub user-to-server tokens"], ["ghs", "GitHub server-to-server tokens"], ["ghr", "refresh tokens"], ["github_pat", "fine-grained personal access tokens"]]);
    ho = { messages: wn, meta: { id: "@secretlint/secretlint-rule-github", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-github/README.md" } }, create(e, s) {
      let o = new RegExp("(?<!\\p{L})(?<type>ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])", "gu"), a = new RegExp("(?<!\\p{L})(?<type>github_pat)_[A-Za-z0-9_]{82}(?![A-Za-z0-9_])", "gu"), i = new RegExp("(?<!\\p{L})(?<type>ghs)_[0-9]{1,20}_[A-Za-z0-9_-]{1,1000}\\.[A-Za-z0-9_-]{1,10000}\\.[A-Za-z0-9_-]{1,1000}(?![A-Za-z0-9_-])", "gu"), u = [o, a, i], h = e.createTranslator(wn), f = { allows: s.allows || [] };
      return { file(l) {
        for (let g of u) po({ pattern: g, source: l, options: f, context: e, t: h });
      } };
    } };
    In = { GITLAB_PERSONAL_ACCESS_TOKEN: { en: (e) => `found GitLab Personal Access Token: ${e.KEY}`, ja: (e) => `GitLab Personal Access Token\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${e.KEY}` } };
    _o = { messages: In, meta: { id: "@secretlint/secretlint-rule-gitlab", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-gitlab/README.md" } }, create(e, s) {
      let a = [new RegExp("(?<!\\p{L})glpat-[A-Za-z0-9_-]{20,128}(?![A-Za-z0-9_-])", "gu")], i = e.createTranslator(In), u = { allows: s.allows ?? [] };
      return { file(h) {
        for (let f of a) go({ pattern: f, source: h, options: u, context: e, t: i });
      } };
    } };
    Rn = { GRAFANA_CLOUD_API_TOKEN: { en: (e) => `found Grafana Cloud API token: ${e.TOKEN}`, ja: (e) => `Grafana Cloud API \u30C8\u30FC\u30AF\u30F3: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, GRAFANA_SERVICE_ACCOUNT_TOKEN: { en: (e) => `found Grafana Service Account token: ${e.TOKEN}`, ja: (e) => `Grafana Service Account \u30C8\u30FC\u30AF\u30F3: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Eo = { messages: Rn, meta: { id: "@secretlint/secretlint-rule-grafana", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-grafana/README.md" } }, create(e, s) {
      let o = e.createTranslator(Rn), a = { allows: s?.allows ?? [] }, i = new RegExp("(?<!\\p{L})glc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])", "gu"), u = new RegExp("(?<!\\p{L})glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Fa-f0-9])", "gu");
      return { file(h) {
        Cn({ pattern: i, messageId: "GRAFANA_CLOUD_API_TOKEN", source: h, options: a, context: e, t: o }), Cn({ pattern: u, messageId: "GRAFANA_SERVICE_ACCOUNT_TOKEN", source: h, options: a, context: e, t: o });
      } };
    } };
    On = { OPS_TOKEN: { en: (e) => `found 1Password Service Account token: ${e.TOKEN}`, ja: (e) => `1Password Service Account: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Ao = (e) => {
      try {
        let s = atob(e.replace(/-/g, "+").replace(/_/g, "/")), o = JSON.parse(s);
        return typeof o == "object" && o !== null;
      } catch {
        return false;
      }
    };
    mo = { messages: On, meta: { id: "@secretlint/secretlint-rule-1password", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-1password/README.md" } }, create(e, s) {
      let o = e.createTranslator(On), a = { allows: s?.allows ?? [] };
      return { file(i) {
        let u = new RegExp("(?<!\\p{L})ops_(ey[A-Za-z0-9+/=]{100,1280}fQ={0,2})(?![A-Za-z0-9+/=])", "gu"), h = i.content.matchAll(u);
        for (let f of h) {
          let l = f.index ?? 0, g = f[0] ?? "", m = f[1] ?? "";
          if (!Ao(m) || R.matchPatterns(g, a.allows).length > 0) continue;
          let w = [l, l + g.length];
          e.report({ message: o("OPS_TOKEN", { TOKEN: g }), range: w });
        }
      } };
    } };
    Pn = { MongoDBConnection: { en: (e) => `found MongoDB connection string: ${e.URI}`, ja: (e) => `MongoDB\u63A5\u7D9A\u6587\u5B57\u5217: ${e.URI} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, MySQLConnection: { en: (e) => `found MySQL connection string: ${e.URI}`, ja: (e) => `MySQL\u63A5\u7D9A\u6587\u5B57\u5217: ${e.URI} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, PostgreSQLConnection: { en: (e) => `found PostgreSQL connection string: ${e.URI}`, ja: (e) => `PostgreSQL\u63A5\u7D9A\u6587\u5B57\u5217: ${e.URI} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    To = ["localhost", "127.0.0.1", "example.com", "example.org", "test.com", "password", "username", "secret", "mypassword", "myusername", "root", "admin", "user", "pass", "{password}", "${password}", "{{password}}", "{username}", "${username}", "{{username}}", "YOUR_PASSWORD", "YOUR_USERNAME", "REPLACE_WITH_PASSWORD"];
    Ro = { messages: Pn, meta: { id: "@secretlint/secretlint-rule-database-connection-string", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-database-connection-string/README.md" } }, create(e, s) {
      let o = { allows: s.allows || [] }, a = e.createTranslator(Pn);
      return { file(i) {
        yo({ source: i, options: o, context: e, t: a }), wo({ source: i, options: o, context: e, t: a }), Io({ source: i, options: o, context: e, t: a });
      } };
    } };
    bn = { HASHICORP_VAULT_SERVICE_TOKEN: { en: (e) => `found HashiCorp Vault service token: ${e.TOKEN}`, ja: (e) => `HashiCorp Vault service token: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, HASHICORP_VAULT_BATCH_TOKEN: { en: (e) => `found HashiCorp Vault batch token: ${e.TOKEN}`, ja: (e) => `HashiCorp Vault batch token: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, HASHICORP_VAULT_RECOVERY_TOKEN: { en: (e) => `found HashiCorp Vault recovery token: ${e.TOKEN}`, ja: (e) => `HashiCorp Vault recovery token: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Co = new RegExp("(?<!\\p{L})hvs\\.[A-Za-z0-9_-]{90,120}(?![A-Za-z0-9_-])", "gu");
    Oo = new RegExp("(?<!\\p{L})hvb\\.[A-Za-z0-9_-]{138,300}(?![A-Za-z0-9_-])", "gu");
    Po = new RegExp("(?<!\\p{L})hvr\\.[A-Za-z0-9_-]{90,120}(?![A-Za-z0-9_-])", "gu");
    bo = { messages: bn, meta: { id: "@secretlint/secretlint-rule-hashicorp-vault", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-hashicorp-vault/README.md" } }, create(e, s) {
      let o = e.createTranslator(bn), a = { allows: s?.allows ?? [] }, i = (u, h, f) => {
        let l = u.content.matchAll(h);
        for (let g of l) {
          let m = g.index ?? 0, S = g[0] ?? "";
          if (R.matchPatterns(S, a.allows).length > 0) continue;
          let P = [m, m + S.length];
          e.report({ message: o(f, { TOKEN: S }), range: P });
        }
      };
      return { file(u) {
        i(u, Co, "HASHICORP_VAULT_SERVICE_TOKEN"), i(u, Oo, "HASHICORP_VAULT_BATCH_TOKEN"), i(u, Po, "HASHICORP_VAULT_RECOVERY_TOKEN");
      } };
    } };
    Nn = { VERCEL_PERSONAL_ACCESS_TOKEN: { en: (e) => `found Vercel personal access token: ${e.ID}`, ja: (e) => `Vercel personal access token: ${e.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, VERCEL_INTEGRATION_TOKEN: { en: (e) => `found Vercel integration token: ${e.ID}`, ja: (e) => `Vercel integration token: ${e.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, VERCEL_APP_ACCESS_TOKEN: { en: (e) => `found Vercel app access token: ${e.ID}`, ja: (e) => `Vercel app access token: ${e.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, VERCEL_APP_REFRESH_TOKEN: { en: (e) => `found Vercel app refresh token: ${e.ID}`, ja: (e) => `Vercel app refresh token: ${e.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, VERCEL_AI_GATEWAY_API_KEY: { en: (e) => `found Vercel AI Gateway API key: ${e.ID}`, ja: (e) => `Vercel AI Gateway API key: ${e.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    No = { vcp: "VERCEL_PERSONAL_ACCESS_TOKEN", vci: "VERCEL_INTEGRATION_TOKEN", vca: "VERCEL_APP_ACCESS_TOKEN", vcr: "VERCEL_APP_REFRESH_TOKEN", vck: "VERCEL_AI_GATEWAY_API_KEY" };
    xo = { messages: Nn, meta: { id: "@secretlint/secretlint-rule-vercel", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-vercel/README.md" } }, create(e, s) {
      let o = e.createTranslator(Nn), a = { allows: s?.allows ?? [] };
      return { file(i) {
        let u = new RegExp("(?<!\\p{L})(?<prefix>vcp|vci|vca|vcr|vck)_[A-Za-z0-9]{20,60}(?![A-Za-z0-9])", "gu"), h = i.content.matchAll(u);
        for (let f of h) {
          let l = f.index ?? 0, g = f[0] ?? "", m = f.groups?.prefix, S = No[m];
          if (R.matchPatterns(g, a.allows).length > 0) continue;
          let P = [l, l + g.length];
          e.report({ message: o(S, { ID: g }), range: P });
        }
      } };
    } };
    xn = { DATABRICKS_PERSONAL_ACCESS_TOKEN: { en: (e) => `found Databricks personal access token: ${e.ID}`, ja: (e) => `Databricks personal access token: ${e.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Ko = { messages: xn, meta: { id: "@secretlint/secretlint-rule-databricks", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-databricks/README.md" } }, create(e, s) {
      let o = e.createTranslator(xn), a = { allows: s?.allows ?? [] };
      return { file(i) {
        let u = new RegExp("(?<!\\p{L})dapi[A-Fa-f0-9]{32}(?:-[0-9])?(?![A-Fa-f0-9])", "gu"), h = i.content.matchAll(u);
        for (let f of h) {
          let l = f.index ?? 0, g = f[0] ?? "";
          if (R.matchPatterns(g, a.allows).length > 0) continue;
          let S = [l, l + g.length];
          e.report({ message: o("DATABRICKS_PERSONAL_ACCESS_TOKEN", { ID: g }), range: S });
        }
      } };
    } };
    Kn = { DOCKER_PERSONAL_ACCESS_TOKEN: { en: (e) => `found Docker Personal Access Token: ${e.TOKEN}`, ja: (e) => `Docker Personal Access Token: ${e.TOKEN} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    $o = { messages: Kn, meta: { id: "@secretlint/secretlint-rule-docker", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-docker/README.md" } }, create(e, s) {
      let o = e.createTranslator(Kn), a = { allows: s.allows || [] };
      return { file(i) {
        vo({ source: i, options: a, context: e, t: o });
      } };
    } };
    vn = { FIGMA_PERSONAL_ACCESS_TOKEN: { en: (e) => `found Figma Personal Access Token: ${e.ID}`, ja: (e) => `Figma Personal Access Token: ${e.ID} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Lo = { messages: vn, meta: { id: "@secretlint/secretlint-rule-figma", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-figma/README.md" } }, create(e, s) {
      let o = e.createTranslator(vn), a = { allows: s?.allows ?? [] };
      return { file(i) {
        let u = new RegExp("(?<!\\p{L})figd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])", "gu"), h = i.content.matchAll(u);
        for (let f of h) {
          let l = f.index ?? 0, g = f[0] ?? "";
          if (R.matchPatterns(g, a.allows).length > 0) continue;
          let S = [l, l + g.length];
          e.report({ message: o("FIGMA_PERSONAL_ACCESS_TOKEN", { ID: g }), range: S });
        }
      } };
    } };
    $n = { CLOUDFLARE_GLOBAL_API_KEY: { en: (e) => `found Cloudflare Global API Key: ${e.TOKEN}`, ja: (e) => `Cloudflare Global API Key\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${e.TOKEN}` }, CLOUDFLARE_USER_API_TOKEN: { en: (e) => `found Cloudflare User API Token: ${e.TOKEN}`, ja: (e) => `Cloudflare User API Token\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${e.TOKEN}` }, CLOUDFLARE_ACCOUNT_API_TOKEN: { en: (e) => `found Cloudflare Account API Token: ${e.TOKEN}`, ja: (e) => `Cloudflare Account API Token\u304C\u898B\u3064\u304B\u308A\u307E\u3057\u305F: ${e.TOKEN}` } };
    Do = { cfk: "CLOUDFLARE_GLOBAL_API_KEY", cfut: "CLOUDFLARE_USER_API_TOKEN", cfat: "CLOUDFLARE_ACCOUNT_API_TOKEN" };
    Mo = new RegExp("(?<!\\p{L})(?<prefix>cfk|cfut|cfat)_[A-Za-z0-9]{40}[0-9a-f]{8}(?![A-Za-z0-9])", "gu");
    Go = { messages: $n, meta: { id: "@secretlint/secretlint-rule-cloudflare", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-cloudflare/README.md" } }, create(e, s) {
      let o = e.createTranslator($n), a = { allows: s.allows ?? [] };
      return { file(i) {
        ko({ source: i, options: a, context: e, t: o });
      } };
    } };
    Ln = { TAILSCALE_API_KEY: { en: (e) => `found Tailscale API access token: ${e.KEY}`, ja: (e) => `Tailscale API \u30A2\u30AF\u30BB\u30B9\u30C8\u30FC\u30AF\u30F3: ${e.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, TAILSCALE_AUTH_KEY: { en: (e) => `found Tailscale pre-authentication key: ${e.KEY}`, ja: (e) => `Tailscale \u4E8B\u524D\u8A8D\u8A3C\u30AD\u30FC: ${e.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, TAILSCALE_CLIENT_KEY: { en: (e) => `found Tailscale OAuth client key: ${e.KEY}`, ja: (e) => `Tailscale OAuth \u30AF\u30E9\u30A4\u30A2\u30F3\u30C8\u30AD\u30FC: ${e.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, TAILSCALE_SCIM_KEY: { en: (e) => `found Tailscale SCIM key: ${e.KEY}`, ja: (e) => `Tailscale SCIM \u30AD\u30FC: ${e.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, TAILSCALE_WEBHOOK_KEY: { en: (e) => `found Tailscale webhook key: ${e.KEY}`, ja: (e) => `Tailscale Webhook \u30AD\u30FC: ${e.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` }, TAILSCALE_KEY: { en: (e) => `found Tailscale key: ${e.KEY}`, ja: (e) => `Tailscale \u30AD\u30FC: ${e.KEY} \u304C\u307F\u3064\u304B\u308A\u307E\u3057\u305F` } };
    Ho = { api: "TAILSCALE_API_KEY", auth: "TAILSCALE_AUTH_KEY", client: "TAILSCALE_CLIENT_KEY", scim: "TAILSCALE_SCIM_KEY", webhook: "TAILSCALE_WEBHOOK_KEY" };
    Uo = { messages: Ln, meta: { id: "@secretlint/secretlint-rule-tailscale", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-tailscale/README.md" } }, create(e, s) {
      let o = e.createTranslator(Ln), a = { allows: s.allows ?? [] };
      return { file(i) {
        let u = new RegExp("(?<!\\p{L})tskey-(?<type>[a-z]{2,20})-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}(?![0-9A-Za-z_])", "gu"), h = i.content.matchAll(u);
        for (let f of h) {
          let l = f.index ?? 0, g = f[0] ?? "", m = f.groups?.type ?? "", S = [l, l + g.length];
          if (R.matchPatterns(g, a.allows).length > 0) continue;
          let P = Ho[m] ?? "TAILSCALE_KEY";
          e.report({ message: o(P, { KEY: g }), range: S });
        }
      } };
    } };
    Yo = /(?<type>secretlint-(?:disable-next-line|disable-line|disable|enable))(?<options>.*)/g;
    zo = (e) => {
      let s = e.content.matchAll(Yo);
      return Array.from(s).map((o) => {
        let a = o.groups?.type, i = o.index;
        return a === "secretlint-disable-line" ? { type: a, options: Dt(o.groups?.options), line: e.indexToPosition(i).line } : a === "secretlint-disable-next-line" ? { type: a, options: Dt(o.groups?.options), line: e.indexToPosition(i).line + 1 } : { type: a, options: Dt(o.groups?.options), index: i };
      });
    };
    kt = class {
      source;
      reportingConfig;
      endIndex;
      constructor(s) {
        this.source = s, this.reportingConfig = [], this.endIndex = s.content.length;
      }
      getIgnoringMessages() {
        let s = (o) => o.startIndex !== null && o.endIndex !== null && o.ruleId !== null;
        return this.reportingConfig.map((o) => (o.endIndex === null && (o.endIndex = this.endIndex), o)).filter(s);
      }
      disableLine(s, o) {
        let a = this.reportingConfig, i = this.source.locationToRange({ start: { line: s, column: 0 }, end: { line: s + 1, column: 0 } });
        o.length ? o.forEach((u) => {
          a.push({ startIndex: i[0], endIndex: i[1] - 1, ruleId: u });
        }) : a.push({ startIndex: i[0], endIndex: i[1] - 1, ruleId: "*" });
      }
      disableReporting(s, o) {
        let a = this.reportingConfig;
        o.length ? o.forEach(function(i) {
          a.push({ startIndex: s, endIndex: null, ruleId: i });
        }) : a.push({ startIndex: s, endIndex: null, ruleId: "*" });
      }
      enableReporting(s, o) {
        let a = this.reportingConfig;
        if (o.length) o.forEach(function(i) {
          for (let u = a.length - 1; u >= 0; u--) if (a[u].endIndex === null && a[u].ruleId === i) {
            a[u].endIndex = s;
            break;
          }
        });
        else for (let i of a) i.endIndex === null && (i.endIndex = s);
      }
    };
    Dn = { IGNORE_MESSAGE: { en: () => "disable by secretlint-disable comment" } };
    Fo = { messages: Dn, meta: { id: "@secretlint/secretlint-rule-filter-comments", recommended: true, type: "scanner", supportedContentTypes: ["text"], docs: { url: "https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-filter-comments/README.md" } }, create(e) {
      let s = e.createTranslator(Dn);
      return { file(o) {
        let a = new kt(o), i = zo(o);
        for (let u of i) u.type === "secretlint-disable" ? a.disableReporting(u.index, u.options) : u.type === "secretlint-enable" ? a.enableReporting(u.index, u.options) : (u.type === "secretlint-disable-line" || u.type === "secretlint-disable-next-line") && a.disableLine(u.line, u.options);
        a.getIgnoringMessages().forEach((u) => {
          e.ignore({ message: s("IGNORE_MESSAGE"), range: [u.startIndex, u.endIndex], targetRuleId: u.ruleId });
        });
      } };
    } };
    Mn = [fs, Ks, no, ks, js, Us, so, ao, uo, ho, _o, Eo, Zs, Bs, Ws, Vs, qs, Js, mo, Ro, bo, xo, Ko, $o, Lo, Go, Uo, Fo];
  }
});

// ../integrations/claude-code/hooks/lib/remove-secrets.mjs
var remove_secrets_exports = {};
__export(remove_secrets_exports, {
  removeSecretsFromEach: () => removeSecretsFromEach
});
function widen(text, [start, end]) {
  while (start > 0 && !TOKEN_EDGE.test(text[start - 1])) start--;
  while (end < text.length && !TOKEN_EDGE.test(text[end])) end++;
  return [start, end];
}
function ruleRanges(text) {
  const found = [];
  const context = {
    createTranslator: () => (id) => id,
    report: ({ range }) => Array.isArray(range) && found.push([range[0], range[1]]),
    ignore: () => void 0
  };
  const source = { content: text, filePath: "/capture.md", ext: ".md", contentType: "text" };
  for (const rule of Mn) {
    if (rule.meta.id.endsWith("filter-comments")) continue;
    try {
      rule.create(context, { enableIDScanRule: true }).file?.(source);
    } catch {
    }
  }
  return found.map((range) => widen(text, range));
}
function patternRanges(text, pattern, group = 0) {
  const found = [];
  for (const m of text.matchAll(pattern)) {
    if (group === 0) found.push([m.index, m.index + m[0].length]);
    else {
      const value = m[group];
      const quoted = /^(["']).*\1$/.test(value ?? "") ? 1 : 0;
      const bare = value?.slice(quoted, value.length - quoted);
      if (!bare || REFERENCE.test(bare)) continue;
      const start = m.index + m[0].length - value.length + quoted;
      found.push([start, start + bare.length]);
    }
  }
  return found;
}
function merge(ranges) {
  const sorted = ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}
function replace(text, ranges, mark) {
  let out = text;
  for (let i = ranges.length - 1; i >= 0; i--) out = `${out.slice(0, ranges[i][0])}${mark}${out.slice(ranges[i][1])}`;
  return out;
}
function removeSecretsFromEach(texts) {
  const hidden = texts.map((text) => merge(patternRanges(text, PRIVATE_BLOCK)));
  const open = texts.map((text, i) => replace(text, hidden[i], PRIVATE_MARK));
  const keys = open.map((text) => patternRanges(text, PEM_BLOCK));
  const joined = open.join(SEPARATOR);
  const found = [...ruleRanges(joined), ...patternRanges(joined, ANTHROPIC_KEY), ...patternRanges(joined, BEARER, 1), ...patternRanges(joined, ASSIGNMENT, 3)];
  let offset = 0;
  return open.map((text, i) => {
    const own = found.map(([s, e]) => [Math.max(s - offset, 0), Math.min(e - offset, text.length)]);
    offset += text.length + SEPARATOR.length;
    const secrets = merge([...keys[i], ...own]);
    return { text: replace(text, secrets, SECRET_MARK), secrets: secrets.length, privateBlocks: hidden[i].length };
  });
}
var SECRET_MARK, PRIVATE_MARK, PRIVATE_BLOCK, PEM_BLOCK, ANTHROPIC_KEY, BEARER, ASSIGNMENT, REFERENCE, TOKEN_EDGE, SEPARATOR;
var init_remove_secrets = __esm({
  "../integrations/claude-code/hooks/lib/remove-secrets.mjs"() {
    init_secretlint_rules();
    SECRET_MARK = "[secret removed]";
    PRIVATE_MARK = "[private text removed]";
    PRIVATE_BLOCK = /<private>[\s\S]*?(?:<\/private>|$)/gi;
    PEM_BLOCK = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g;
    ANTHROPIC_KEY = /(?<![A-Za-z0-9_-])sk-ant-[a-z]+\d*-[A-Za-z0-9_-]{20,}/g;
    BEARER = /\bBearer\s+([A-Za-z0-9._~+/-]{12,}=*)/g;
    ASSIGNMENT = /(?<![A-Za-z0-9])([A-Za-z0-9_.-]{0,40}(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|credentials?))(["']?)[ \t]*(?:=|:(?!:))[ \t]*("[^"\n]*"|'[^'\n]*'|\$\{[^}\n]*\}|[^\s"',;()[\]{}<>]+)/gi;
    REFERENCE = /^(?:\$\{?[A-Za-z_]|%[A-Za-z_]|<[^>]*>$|process\.env|os\.environ|env\(|\*+$|x{3,}$|\.\.\.|(?:true|false|null|none|undefined|required|optional)$|\[secret removed\])/i;
    TOKEN_EDGE = /[\s"'`,;()[\]{}<>]/;
    SEPARATOR = "\n\n";
  }
});

// ../integrations/claude-code/hooks/lib/capture-state.mjs
var import_node_module3 = require("node:module");
var import_node_path3 = __toESM(require("node:path"), 1);

// ../integrations/claude-code/hooks/lib/durable-file.mjs
var import_node_module = require("node:module");
var import_node_path = __toESM(require("node:path"), 1);
var { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } = (0, import_node_module.createRequire)(__bundle_url)("node:fs");
function writeDurably(file, text) {
  const dir = import_node_path.default.dirname(file);
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
var import_node_module2 = require("node:module");
var import_node_path2 = __toESM(require("node:path"), 1);
var { mkdirSync: mkdirSync2, readdirSync, readFileSync, renameSync: renameSync2, rmSync } = (0, import_node_module2.createRequire)(__bundle_url)("node:fs");
var folder = (settings) => import_node_path2.default.join(settings.dataDir, "spool");
var safe = (session) => session.replace(/[^\w.-]/g, "_");
var fileName = (session, n) => `${safe(session)}.${String(n).padStart(6, "0")}.json`;
function spoolCapture(settings, entry) {
  writeDurably(import_node_path2.default.join(folder(settings), fileName(entry.session, entry.n)), JSON.stringify(entry));
}
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
      const entry = JSON.parse(readFileSync(import_node_path2.default.join(folder(settings), name), "utf8"));
      if (entry && typeof entry.key === "string" && typeof entry.session === "string" && Number.isInteger(entry.n)) entries.push({ name, entry });
    } catch {
    }
  }
  return entries.sort((a, b) => String(a.entry.capturedAt).localeCompare(String(b.entry.capturedAt)) || a.entry.n - b.entry.n);
}
var hasPendingCaptures = (settings) => {
  try {
    return readdirSync(folder(settings)).some((n) => n.endsWith(".json"));
  } catch {
    return false;
  }
};

// ../integrations/claude-code/hooks/lib/capture-state.mjs
var { readFileSync: readFileSync2 } = (0, import_node_module3.createRequire)(__bundle_url)("node:fs");
var fileOf = (settings, session) => import_node_path3.default.join(settings.dataDir, "captured", `${session.replace(/[^\w.-]/g, "_")}.json`);
function saved(settings, session) {
  try {
    const state = JSON.parse(readFileSync2(fileOf(settings, session), "utf8"));
    if (typeof state?.lastUuid !== "string") return { n: 0 };
    return { lastUuid: state.lastUuid, n: Number.isInteger(state.n) ? state.n : 0 };
  } catch {
    return { n: 0 };
  }
}
function capturedSoFar(settings, session) {
  let latest = saved(settings, session);
  for (const { entry } of pendingCaptures(settings, session)) if (entry.n > latest.n) latest = { lastUuid: entry.lastUuid, n: entry.n };
  return latest;
}
function rememberCaptured(settings, session, { lastUuid, n }) {
  if (saved(settings, session).n >= n) return;
  writeDurably(fileOf(settings, session), JSON.stringify({ lastUuid, n, at: (/* @__PURE__ */ new Date()).toISOString() }));
}

// ../integrations/claude-code/hooks/lib/capture-text.mjs
var import_node_path4 = __toESM(require("node:path"), 1);
var ASKED_CHARS = 500;
var CONCLUDED_CHARS = 1500;
var MAX_FILES = 20;
var SECRET_WINDOW = 16 * 1024;
var cut = (text, max) => text.length > max ? `${text.slice(0, max).trimEnd()} \u2026` : text;
var indent = (text) => text.replace(/\n/g, "\n    ");
var plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
var MOMENT = { PreCompact: "before the conversation was compacted", SessionEnd: "as the session ended" };
function captureHead({ event, cwd, repo, branch, project, capturedAt, removed }) {
  const where = `the repository ${repo} (${cwd}${branch ? `, branch ${branch}` : ""})`;
  const lost = [removed.secrets ? plural(removed.secrets, "secret") : "", removed.privateBlocks ? plural(removed.privateBlocks, "private block") : ""].filter(Boolean);
  return [
    `Notes from a Claude Code session in ${where}, captured ${MOMENT[event] ?? "during the session"} on ${capturedAt.slice(0, 16).replace("T", " ")} UTC.`,
    project ? `It belongs to the project ${project} (projects/${project}/): record its decisions, facts and open tasks there.` : "No project in the vault matches this repository yet.",
    ...lost.length ? [`[${lost.join(" and ")} removed before sending]`] : [],
    "",
    "What was asked, and what the session concluded (oldest first):"
  ].join("\n");
}
function cleanTurns(turns, maxChars, removeSecretsFromEach2) {
  const cleaned = /* @__PURE__ */ new Map();
  return (i) => {
    if (cleaned.has(i)) return cleaned.get(i);
    const batch = [];
    for (let j = i, estimate = 0; j >= 0 && (batch.length === 0 || estimate < maxChars); j--) {
      batch.push(j);
      estimate += Math.min(turns[j].asked.length, ASKED_CHARS) + Math.min(turns[j].concluded?.length ?? 0, CONCLUDED_CHARS);
    }
    const texts = batch.flatMap((j) => [turns[j].asked.slice(0, ASKED_CHARS + SECRET_WINDOW), (turns[j].concluded ?? "").slice(0, CONCLUDED_CHARS + SECRET_WINDOW)]);
    const clean = removeSecretsFromEach2(texts);
    batch.forEach((j, k) => {
      const [asked, concluded] = [clean[2 * k], clean[2 * k + 1]];
      cleaned.set(j, {
        asked: cut(asked.text, ASKED_CHARS),
        concluded: turns[j].concluded ? cut(concluded.text, CONCLUDED_CHARS) : void 0,
        secrets: asked.secrets + concluded.secrets,
        privateBlocks: asked.privateBlocks + concluded.privateBlocks
      });
    });
    return cleaned.get(i);
  };
}
function captureBody({ event, cwd, repo, project, session, capturedAt, maxChars, removeSecretsFromEach: removeSecretsFromEach2 }) {
  const head = captureHead({ event, cwd, repo, branch: session.branch, project, capturedAt, removed: { secrets: 1, privateBlocks: 1 } });
  const relative = session.files.slice(0, MAX_FILES).map((f) => import_node_path4.default.isAbsolute(f) && f.startsWith(`${cwd}${import_node_path4.default.sep}`) ? import_node_path4.default.relative(cwd, f) : f);
  const files = relative.length ? `

Files edited: ${relative.join(", ")}${session.files.length > MAX_FILES ? ` and ${session.files.length - MAX_FILES} more` : ""}.` : "";
  const kept = [];
  const removed = { secrets: 0, privateBlocks: 0 };
  let size = head.length + files.length + 80;
  const clean = cleanTurns(session.turns, maxChars, removeSecretsFromEach2);
  for (let i = session.turns.length - 1; i >= 0; i--) {
    const turn = clean(i);
    const block = `- Asked: ${indent(turn.asked)}${turn.concluded ? `
  Concluded: ${indent(turn.concluded)}` : ""}`;
    if (size + block.length + 2 > maxChars && kept.length > 0) break;
    kept.unshift(block.length + size > maxChars ? cut(block, Math.max(maxChars - size, 200)) : block);
    size += block.length + 2;
    removed.secrets += turn.secrets;
    removed.privateBlocks += turn.privateBlocks;
  }
  const dropped = session.turns.length - kept.length;
  const note = dropped ? `(${plural(dropped, "earlier exchange")} left out.)
` : "";
  return { body: `${note}${kept.join("\n")}${files}`, removed };
}

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

// ../integrations/claude-code/hooks/lib/repository.mjs
var import_node_module4 = require("node:module");
var import_node_path5 = __toESM(require("node:path"), 1);
var { statSync } = (0, import_node_module4.createRequire)(__bundle_url)("node:fs");
function repositoryRoot(cwd) {
  let dir = import_node_path5.default.resolve(cwd);
  for (; ; ) {
    try {
      statSync(import_node_path5.default.join(dir, ".git"));
      return dir;
    } catch {
    }
    const parent = import_node_path5.default.dirname(dir);
    if (parent === dir) return import_node_path5.default.resolve(cwd);
    dir = parent;
  }
}
var repositoryName = (cwd) => import_node_path5.default.basename(repositoryRoot(cwd));

// ../integrations/claude-code/hooks/lib/settings.mjs
var import_node_os = require("node:os");
var import_node_path6 = __toESM(require("node:path"), 1);
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
    dataDir: env.CLAUDE_PLUGIN_DATA || import_node_path6.default.join((0, import_node_os.tmpdir)(), "knower-claude-code")
  };
}

// ../integrations/claude-code/hooks/lib/start-sender.mjs
var import_node_module5 = require("node:module");
var import_node_path7 = __toESM(require("node:path"), 1);
var import_node_url = require("node:url");
var require2 = (0, import_node_module5.createRequire)(__bundle_url);
var sender = import_node_path7.default.join(import_node_path7.default.dirname(import_node_path7.default.dirname((0, import_node_url.fileURLToPath)(__bundle_url))), "send-captures.mjs");
function startSender() {
  try {
    const child = require2("node:child_process").spawn(process.execPath, [sender], { detached: true, stdio: "ignore", windowsHide: true });
    child.on("error", () => void 0);
    child.unref();
  } catch {
  }
}

// ../integrations/claude-code/hooks/lib/transcript.mjs
var import_node_module6 = require("node:module");
var { closeSync: closeSync2, fstatSync, openSync: openSync2, readSync } = (0, import_node_module6.createRequire)(__bundle_url)("node:fs");
var TAIL_BYTES = 16 * 1024 * 1024;
var FIRST_BYTES = 2 * 1024 * 1024;
var EDIT_TOOLS = /* @__PURE__ */ new Set(["Edit", "MultiEdit", "Write", "NotebookEdit"]);
var NEWLINE = 10;
function readTail(file, maxBytes) {
  const fd = openSync2(file, "r");
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - maxBytes);
    const buffer = Buffer.allocUnsafe(size - start);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, start + read);
      if (n === 0) break;
      read += n;
    }
    const tail = buffer.subarray(0, read);
    return { tail: start > 0 ? tail.subarray(tail.indexOf(NEWLINE) + 1) : tail, whole: start === 0 };
  } finally {
    closeSync2(fd);
  }
}
var SKIPPED = [Buffer.from('"type":"attachment"'), Buffer.from('"type":"tool_result"')];
function readEntriesAfter(file, afterUuid) {
  const marker = afterUuid ? `"uuid":${JSON.stringify(afterUuid)}` : void 0;
  let { tail, whole } = readTail(file, FIRST_BYTES);
  if (!whole && !(marker && tail.includes(marker))) tail = readTail(file, TAIL_BYTES).tail;
  const at = marker ? tail.indexOf(marker) : -1;
  let from = at >= 0 ? tail.indexOf(NEWLINE, at) + 1 || tail.length : 0;
  const entries = [];
  while (from < tail.length) {
    const newline = tail.indexOf(NEWLINE, from);
    const end = newline < 0 ? tail.length : newline;
    const line = tail.subarray(from, end);
    from = end + 1;
    if (line.length === 0 || SKIPPED.some((skip) => line.includes(skip))) continue;
    try {
      const entry = JSON.parse(line.toString("utf8"));
      if (entry && typeof entry === "object") entries.push(entry);
    } catch {
    }
  }
  const parsedAt = afterUuid && at < 0 ? entries.findIndex((e) => e.uuid === afterUuid) : -1;
  return parsedAt >= 0 ? entries.slice(parsedAt + 1) : entries;
}
var stripReminders = (text) => text.replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, "").trim();
function typedText(message) {
  const content = message?.content;
  const text = typeof content === "string" ? content : Array.isArray(content) ? content.filter((b) => b?.type === "text").map((b) => b.text ?? "").join("\n") : "";
  if (Array.isArray(content) && content.some((b) => b?.type === "tool_result")) return void 0;
  const clean = stripReminders(text);
  if (!clean || /^<(?:command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr)>/.test(clean)) return void 0;
  if (/^\[Request interrupted by user/.test(clean)) return void 0;
  return clean;
}
function sessionTurns(entries) {
  const turns = [];
  const files = /* @__PURE__ */ new Set();
  let branch;
  let lastUuid;
  for (const e of entries) {
    if (e.uuid) lastUuid = e.uuid;
    if (e.isSidechain || e.isMeta || e.isCompactSummary || e.isVisibleInTranscriptOnly) continue;
    if (typeof e.gitBranch === "string" && e.gitBranch) branch = e.gitBranch;
    if (e.type === "user") {
      const asked = typedText(e.message);
      if (asked !== void 0) turns.push({ asked, concluded: void 0, at: e.timestamp });
    } else if (e.type === "assistant" && e.message?.model !== "<synthetic>" && Array.isArray(e.message?.content)) {
      const turn = turns[turns.length - 1];
      for (const block of e.message.content) {
        if (block?.type === "text" && typeof block.text === "string" && block.text.trim() && turn) turn.concluded = block.text.trim();
        if (block?.type === "tool_use" && EDIT_TOOLS.has(block.name)) {
          const file = block.input?.file_path ?? block.input?.notebook_path;
          if (typeof file === "string") files.add(file);
        }
      }
    }
  }
  return { turns, files: [...files], branch, lastUuid };
}

// ../integrations/claude-code/hooks/capture.mjs
var EVENTS = { PreCompact: "precompact", SessionEnd: "sessionend" };
async function spoolWhatIsNew(settings, input) {
  const sessionId = input.session_id;
  const soFar = capturedSoFar(settings, sessionId);
  const session = sessionTurns(readEntriesAfter(input.transcript_path, soFar.lastUuid));
  if (session.turns.length === 0 || !session.lastUuid) return;
  const { removeSecretsFromEach: removeSecretsFromEach2 } = await Promise.resolve().then(() => (init_remove_secrets(), remove_secrets_exports));
  const cwd = repositoryRoot(typeof input.cwd === "string" && input.cwd ? input.cwd : process.cwd());
  const repo = repositoryName(cwd);
  const capturedAt = (/* @__PURE__ */ new Date()).toISOString();
  const event = input.hook_event_name;
  const { body, removed } = captureBody({ event, cwd, repo, project: settings.project ?? repo, session, capturedAt, maxChars: settings.captureChars, removeSecretsFromEach: removeSecretsFromEach2 });
  const n = soFar.n + 1;
  const key = `claude-code:${sessionId}:${session.lastUuid}`.slice(0, 200);
  const place = { event, cwd, repo, branch: session.branch, project: settings.project, capturedAt, maxChars: settings.captureChars };
  spoolCapture(settings, { key, session: sessionId, n, lastUuid: session.lastUuid, ...place, removed, body });
  rememberCaptured(settings, sessionId, { lastUuid: session.lastUuid, n });
}
async function main() {
  const settings = readSettings();
  const input = await readHookInput();
  if (!settings.capture.has(EVENTS[input?.hook_event_name]) || typeof input.session_id !== "string" || typeof input.transcript_path !== "string") return;
  try {
    await spoolWhatIsNew(settings, input);
  } finally {
    if (hasPendingCaptures(settings)) startSender();
  }
}
main().then(
  () => process.exit(0),
  () => process.exit(0)
);
