/**
 * THE table of I/O layers (docs/METHOD.md "Layers"): which library a frame of a call's stack belongs to, by
 * its binary's base name and/or its symbol. Its order is the layers' priority: a call's layer is the first
 * layer of the table with a frame between the system call and the program's own first frame. A user's rules
 * (`lrule` view key, CLI `--layer-rule` / `--layer-rules FILE`) go before it.
 */

/** Frames match when every part given matches: the binary's base name, the symbol. */
export interface FrameMatch {
  bin?: RegExp;
  sym?: RegExp;
}

export interface LayerRule {
  /** The layer's name: what the analysis JSON, the activities (`hdf5 › pwrite64:…`) and the UI show. */
  layer: string;
  /** A few words for people. */
  label: string;
  /** A frame is the layer's when one of these matches it. */
  match: readonly FrameMatch[];
  /** Frames of the C library's system call wrappers and runtime: claimed, but no layer (the call is the app's
   * when nothing else is below the program's frame). */
  transparent?: boolean;
}

/** glibc's stdio entry points and internals (the names a stripped libc still exports). */
const STDIO_SYM = /^(_IO_|__(u|o)?(under|over)?flow\b|(__)?v?f?printf(_chk)?$|(__)?v?fprintf|f(open|close|write|read|flush|puts|putc|gets|getc|scanf|seek|tell|dopen|reopen|ileno)|_?_?f(write|read)|puts$|putchar|getchar|(__)?getdelim|getline|setvbuf|setbuf|ungetc)/;

export const LAYER_RULES: readonly LayerRule[] = [
  { layer: 'loader', label: 'dynamic loader (ld.so: loading libraries)', match: [{ bin: /^ld[-.]/ }, { sym: /^_dl_/ }] },
  { layer: 'netcdf', label: 'NetCDF / PnetCDF', match: [{ bin: /^lib(p?netcdf)[.-]/ }, { sym: /^(nc_|ncmpi_|ncmpii_|NC_|nc4_|NC4_)/ }] },
  { layer: 'hdf5', label: 'HDF5', match: [{ bin: /^libhdf5/ }, { sym: /^H5[A-Z]{1,2}[a-z_]/ }] },
  {
    layer: 'mpiio',
    label: 'MPI-IO (ROMIO, OMPIO)',
    match: [
      { bin: /^(mca_(io|fbtl|fcoll|fs|sharedfp)_|libmca_common_ompio|libromio)/ },
      { sym: /^(P?MPI_File_|MPIO_|MPIOI_|ADIOI?_|mca_(io|fbtl|fcoll|fs|sharedfp|common_ompio)_)/ },
    ],
  },
  { layer: 'mpi', label: 'MPI runtime (MPI_Init, the launcher)', match: [{ bin: /^(lib(mpi|open-pal|open-rte|pmix|hwloc|mpich|fabric|ucp|ucs|psm2?)[.-]|mca_)/ }] },
  { layer: 'c++', label: 'C++ streams (iostream, fstream)', match: [{ bin: /^lib(std)?c\+\+[.-]/, sym: /stream|filebuf|__basic_file/ }, { sym: /^_ZN?St.*(stream|filebuf)/ }] },
  { layer: 'stdio', label: 'C stdio (fwrite, fprintf, fread…)', match: [{ bin: /^libc[.-]/, sym: STDIO_SYM }] },
  { layer: 'python', label: 'Python (its io module, imports, extension modules)', match: [{ bin: /^(lib)?python\d/ }, { bin: /\.cpython-/ }] },
  {
    layer: 'libc',
    label: "the C library's system call wrappers",
    transparent: true,
    match: [{ bin: /^(libc|libpthread|libdl|librt|libm|libgcc_s|lib(std)?c\+\+)[.-]/ }, { bin: /^\[/ }],
  },
];

/** A call below the program's first frame with frames of no layer of the table: another library's. */
export const OTHER = 'other';
/** The program called the kernel itself (through the C library's wrapper only). */
export const APP = 'app';
/** An event without a stack (a file traced without -k). */
export const UNKNOWN = 'unknown';

export const LAYER_LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(LAYER_RULES.filter((r) => !r.transparent).map((r) => [r.layer, r.label])),
  [OTHER]: 'another library (no rule names it)',
  [APP]: 'the program itself',
  [UNKNOWN]: 'no stack (traced without -k)',
};

export class LayerRuleError extends Error {
  override name = 'LayerRuleError';
}

const LAYER_NAME = /^[A-Za-z0-9_+.-]{1,24}$/;

/**
 * A user's rule in its text form: `NAME bin=REGEX`, `NAME sym=REGEX` or both (`NAME bin=^libfoo sym=^foo_`):
 * frames of that binary (base name) and/or symbol are layer NAME, before the table's rules. Throws
 * LayerRuleError naming what is wrong.
 */
export function parseLayerRule(text: string): LayerRule {
  const parts = text.trim().split(/\s+/);
  const name = parts[0] ?? '';
  if (!LAYER_NAME.test(name)) throw new LayerRuleError(`layer rule '${text}': the layer name must be 1-24 letters, digits or _+.- (e.g. mylib bin=^libmylib)`);
  if ([OTHER, APP, UNKNOWN].includes(name)) throw new LayerRuleError(`layer rule '${text}': '${name}' is given by the analysis itself`);
  const m: FrameMatch = {};
  for (const p of parts.slice(1)) {
    const kv = /^(bin|sym)=(.+)$/.exec(p);
    if (!kv) throw new LayerRuleError(`layer rule '${text}': '${p}' is not bin=REGEX or sym=REGEX`);
    try {
      m[kv[1] as 'bin' | 'sym'] = new RegExp(kv[2]);
    } catch (e) {
      throw new LayerRuleError(`layer rule '${text}': ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (!m.bin && !m.sym) throw new LayerRuleError(`layer rule '${text}': give bin=REGEX, sym=REGEX or both`);
  return { layer: name, label: `${name} (your rule)`, match: [m] };
}

/** The user's rules (text) before the table: what a classification uses. */
export function layerRules(user: readonly string[] | undefined): readonly LayerRule[] {
  return user && user.length ? [...user.map(parseLayerRule), ...LAYER_RULES] : LAYER_RULES;
}
