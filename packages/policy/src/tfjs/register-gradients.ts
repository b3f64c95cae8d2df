import { InvalidArgumentError } from "@cosir/bayes";
import * as tf from "@tensorflow/tfjs-core";
import { simdBatchMatMul, simdBatchMatMulKernel } from "./model/simd-batch-mat-mul";

/*
 * tfjs-core ships its gradient definitions only as separate ESM files whose imports have no file
 * extensions, which Node cannot load; the union package @tensorflow/tfjs bundles them, but this
 * package depends on tfjs-core alone. So the gradients of the kernels our models and losses (SFT,
 * PPO-style: ratios, clipping, KL, entropy) run under autodiff are defined here, and only where
 * none is registered already (loading tfjs-node registers tfjs' own).
 */

type Grad = tf.GradConfig;
type Attrs = Record<string, unknown>;

/** Sums a broadcast gradient back to `shape`. */
function unbroadcast(grad: tf.Tensor, shape: number[]): tf.Tensor {
  const axes = tf.broadcast_util.getReductionAxes(shape, grad.shape);
  const reduced = axes.length > 0 ? tf.sum(grad, axes) : grad;
  return tf.reshape(reduced, shape);
}

function binary(
  kernelName: string,
  da: (dy: tf.Tensor, a: tf.Tensor, b: tf.Tensor) => tf.Tensor,
  db: (dy: tf.Tensor, a: tf.Tensor, b: tf.Tensor) => tf.Tensor,
): Grad {
  return {
    kernelName,
    inputsToSave: ["a", "b"],
    gradFunc: (dy, saved) => {
      const [a, b] = saved as [tf.Tensor, tf.Tensor];
      const g = dy as tf.Tensor;
      return { a: () => unbroadcast(da(g, a, b), a.shape), b: () => unbroadcast(db(g, a, b), b.shape) };
    },
  };
}

/** `dx(dy, s)` where s is the saved input x, or the output y when `save` is "y". */
function unary(kernelName: string, dx: (dy: tf.Tensor, s: tf.Tensor) => tf.Tensor, save: "x" | "y" = "x"): Grad {
  return {
    kernelName,
    ...(save === "y" ? { outputsToSave: [true] } : { inputsToSave: ["x"] }),
    gradFunc: (dy, saved) => ({ x: () => dx(dy as tf.Tensor, saved[0] as tf.Tensor) }),
  };
}

const zero = (kernelName: string): Grad => unary(kernelName, (dy) => tf.zerosLike(dy));

function reduceShape(x: tf.Tensor, axis: unknown): number[] {
  const axes = tf.util.parseAxisParam(axis as number | number[], x.shape);
  const shape = x.shape.slice();
  for (const a of axes) shape[a] = 1;
  return shape;
}

/** The gradients of a multi-output kernel's outputs: the engine passes a lone tensor when there is only one. */
function outputGradients(dy: tf.Tensor | tf.Tensor[]): tf.Tensor[] {
  return Array.isArray(dy) ? dy : [dy];
}

/** Last two axes swapped. */
function swapLast(t: tf.Tensor): tf.Tensor {
  const perm = t.shape.map((_, i) => i);
  const n = perm.length;
  [perm[n - 2], perm[n - 1]] = [perm[n - 1]!, perm[n - 2]!];
  return tf.transpose(t, perm);
}

/**
 * Every gradient this package defines, one per kernel; register-gradients.test.ts checks each against
 * finite differences, iterating over this table.
 */
export const gradientTable: readonly Grad[] = [
  binary(
    "Add",
    (dy) => dy,
    (dy) => dy,
  ),
  binary(
    "Sub",
    (dy) => dy,
    (dy) => tf.neg(dy),
  ),
  binary(
    "Multiply",
    (dy, _a, b) => tf.mul(dy, b),
    (dy, a) => tf.mul(dy, a),
  ),
  binary(
    "RealDiv",
    (dy, _a, b) => tf.div(dy, b),
    (dy, a, b) => tf.neg(tf.div(tf.mul(dy, a), tf.square(b))),
  ),
  binary(
    "Maximum",
    (dy, a, b) => tf.mul(dy, tf.cast(tf.greaterEqual(a, b), "float32")),
    (dy, a, b) => tf.mul(dy, tf.cast(tf.less(a, b), "float32")),
  ),
  binary(
    "Minimum",
    (dy, a, b) => tf.mul(dy, tf.cast(tf.lessEqual(a, b), "float32")),
    (dy, a, b) => tf.mul(dy, tf.cast(tf.greater(a, b), "float32")),
  ),
  binary(
    "SquaredDifference",
    (dy, a, b) => tf.mul(dy, tf.mul(2, tf.sub(a, b))),
    (dy, a, b) => tf.mul(dy, tf.mul(2, tf.sub(b, a))),
  ),
  {
    kernelName: "Pow",
    inputsToSave: ["a", "b"],
    outputsToSave: [true],
    gradFunc: (dy, saved) => {
      const [a, b, y] = saved as [tf.Tensor, tf.Tensor, tf.Tensor];
      const g = dy as tf.Tensor;
      return {
        a: () => unbroadcast(tf.mul(g, tf.mul(b, tf.pow(a, tf.sub(b, 1)))), a.shape),
        b: () => unbroadcast(tf.mul(g, tf.mul(y, tf.where(tf.greater(a, 0), tf.log(a), tf.zerosLike(a)))), b.shape),
      };
    },
  },
  unary("Neg", (dy) => tf.neg(dy)),
  unary("Exp", (dy, y) => tf.mul(dy, y), "y"),
  unary("Log", (dy, x) => tf.div(dy, x)),
  unary("Log1p", (dy, x) => tf.div(dy, tf.add(x, 1))),
  unary("Square", (dy, x) => tf.mul(dy, tf.mul(x, 2))),
  unary("Sqrt", (dy, y) => tf.div(dy, tf.mul(y, 2)), "y"),
  unary("Rsqrt", (dy, x) => tf.mul(dy, tf.mul(-0.5, tf.pow(x, -1.5)))),
  unary("Reciprocal", (dy, x) => tf.neg(tf.div(dy, tf.square(x)))),
  unary("Abs", (dy, x) => tf.mul(dy, tf.sign(x))),
  unary("Tanh", (dy, y) => tf.mul(dy, tf.sub(1, tf.square(y))), "y"),
  unary("Sigmoid", (dy, y) => tf.mul(dy, tf.mul(y, tf.sub(1, y))), "y"),
  unary("Softplus", (dy, x) => tf.mul(dy, tf.sigmoid(x))),
  unary("Relu", (dy, x) => tf.mul(dy, tf.step(x))),
  unary("Identity", (dy) => tf.clone(dy)),
  zero("Step"),
  zero("Sign"),
  zero("Floor"),
  zero("Ceil"),
  zero("Round"),
  {
    kernelName: "Cast",
    inputsToSave: ["x"],
    gradFunc: (dy) => ({ x: () => tf.clone(dy as tf.Tensor) }),
  },
  {
    kernelName: "ClipByValue",
    inputsToSave: ["x"],
    gradFunc: (dy, saved, attrs) => {
      const [x] = saved as [tf.Tensor];
      const { clipValueMin, clipValueMax } = attrs as { clipValueMin: number; clipValueMax: number };
      return {
        x: () =>
          tf.mul(
            dy as tf.Tensor,
            tf.cast(tf.logicalAnd(tf.greaterEqual(x, clipValueMin), tf.lessEqual(x, clipValueMax)), "float32"),
          ),
      };
    },
  },
  {
    kernelName: "Select",
    inputsToSave: ["condition"],
    gradFunc: (dy, saved) => {
      const [condition] = saved as [tf.Tensor];
      const g = dy as tf.Tensor;
      return {
        condition: () => tf.zeros(condition.shape, "float32"),
        t: () => tf.mul(g, tf.cast(condition, g.dtype)),
        e: () => tf.mul(g, tf.cast(tf.logicalNot(condition), g.dtype)),
      };
    },
  },
  {
    kernelName: "Sum",
    inputsToSave: ["x"],
    gradFunc: (dy, saved, attrs) => {
      const [x] = saved as [tf.Tensor];
      return { x: () => tf.mul(tf.reshape(dy as tf.Tensor, reduceShape(x, (attrs as Attrs).axis)), tf.ones(x.shape)) };
    },
  },
  {
    kernelName: "Mean",
    inputsToSave: ["x"],
    gradFunc: (dy, saved, attrs) => {
      const [x] = saved as [tf.Tensor];
      const shape = reduceShape(x, (attrs as Attrs).axis);
      const count = x.size / shape.reduce((a, b) => a * b, 1);
      return { x: () => tf.div(tf.mul(tf.reshape(dy as tf.Tensor, shape), tf.ones(x.shape)), count) };
    },
  },
  // the two kernels name their axes differently: Max `reductionIndices`, Min `axis`
  ...(
    [
      ["Max", "reductionIndices"],
      ["Min", "axis"],
    ] as const
  ).map(
    ([kernelName, axisAttr]): Grad => ({
      kernelName,
      inputsToSave: ["x"],
      outputsToSave: [true],
      gradFunc: (dy, saved, attrs) => {
        const [x, y] = saved as [tf.Tensor, tf.Tensor];
        const shape = reduceShape(x, (attrs as Attrs)[axisAttr]);
        return {
          x: () => tf.mul(tf.reshape(dy as tf.Tensor, shape), tf.cast(tf.equal(x, tf.reshape(y, shape)), "float32")),
        };
      },
    }),
  ),
  {
    kernelName: "Reshape",
    inputsToSave: ["x"],
    gradFunc: (dy, saved) => ({ x: () => tf.reshape(dy as tf.Tensor, (saved[0] as tf.Tensor).shape) }),
  },
  {
    kernelName: "Transpose",
    gradFunc: (dy, _saved, attrs) => ({
      x: () => tf.transpose(dy as tf.Tensor, tf.backend_util.getUndoAxesPermutation((attrs as Attrs).perm as number[])),
    }),
  },
  {
    kernelName: "Slice",
    inputsToSave: ["x"],
    gradFunc: (dy, saved, attrs) => {
      const [x] = saved as [tf.Tensor];
      const [begin, size] = tf.slice_util.parseSliceParams(
        x,
        (attrs as Attrs).begin as number[],
        (attrs as Attrs).size as number[],
      ) as [number[], number[]];
      return {
        x: () =>
          tf.pad(
            dy as tf.Tensor,
            x.shape.map((n, i) => [begin[i]!, n - begin[i]! - size[i]!] as [number, number]),
          ),
      };
    },
  },
  {
    kernelName: "PadV2",
    inputsToSave: ["x"],
    gradFunc: (dy, saved, attrs) => {
      const [x] = saved as [tf.Tensor];
      const begin = ((attrs as Attrs).paddings as [number, number][]).map((p) => p[0]);
      return { x: () => tf.slice(dy as tf.Tensor, begin, x.shape) };
    },
  },
  {
    kernelName: "Concat",
    saveAllInputs: true,
    gradFunc: (dy, saved, attrs) => {
      const inputs = saved as tf.Tensor[];
      const axis = tf.util.parseAxisParam((attrs as Attrs).axis as number, inputs[0]!.shape)[0]!;
      const parts = tf.split(
        dy as tf.Tensor,
        inputs.map((t) => t.shape[axis]!),
        axis,
      );
      return parts.map((t) => () => t) as unknown as Record<string, () => tf.Tensor>;
    },
  },
  {
    kernelName: "Pack",
    saveAllInputs: true,
    gradFunc: (dy, _saved, attrs) =>
      tf.unstack(dy as tf.Tensor, (attrs as Attrs).axis as number).map((t) => () => t) as unknown as Record<
        string,
        () => tf.Tensor
      >,
  },
  {
    kernelName: "Unpack",
    gradFunc: (dy, _saved, attrs) => ({ value: () => tf.stack(outputGradients(dy), (attrs as Attrs).axis as number) }),
  },
  {
    kernelName: "SplitV",
    gradFunc: (dy, _saved, attrs) => ({ x: () => tf.concat(outputGradients(dy), (attrs as Attrs).axis as number) }),
  },
  {
    kernelName: "AddN",
    saveAllInputs: true,
    gradFunc: (dy, saved) =>
      Object.fromEntries((saved as tf.Tensor[]).map((_, i) => [i, () => tf.clone(dy as tf.Tensor)])),
  },
  {
    kernelName: "Softmax",
    outputsToSave: [true],
    gradFunc: (dy, saved, attrs) => {
      const [y] = saved as [tf.Tensor];
      const dyy = tf.mul(dy as tf.Tensor, y);
      return { logits: () => tf.sub(dyy, tf.mul(tf.sum(dyy, [(attrs as Attrs).dim as number], true), y)) };
    },
  },
  {
    // Written with untransposed matmuls only: the transposed forms are the slow path on tfjs-wasm.
    kernelName: "BatchMatMul",
    inputsToSave: ["a", "b"],
    gradFunc: (dy, saved, attrs) => {
      const [a, b] = saved as [tf.Tensor, tf.Tensor];
      const g = dy as tf.Tensor;
      const { transposeA, transposeB } = attrs as { transposeA: boolean; transposeB: boolean };
      const mm = (x: tf.Tensor, y: tf.Tensor) => tf.matMul(x, y);
      const da = () => {
        const r = !transposeA ? mm(g, transposeB ? b : swapLast(b)) : mm(transposeB ? swapLast(b) : b, swapLast(g));
        return r.rank === a.rank && r.shape.every((n, i) => n === a.shape[i]) ? r : unbroadcast(r, a.shape);
      };
      const db = () => {
        const r = !transposeB ? mm(transposeA ? a : swapLast(a), g) : mm(swapLast(g), transposeA ? swapLast(a) : a);
        return r.rank === b.rank && r.shape.every((n, i) => n === b.shape[i]) ? r : sumLeading(r, b.shape);
      };
      return { a: da, b: db };
    },
  },
  {
    // the SIMD batched matmul (y = a @ b or, with transposeA, a^T @ b; a batch of 1 broadcast): its gradients are the
    // same kernel on explicitly transposed operands, summed over a broadcast batch
    kernelName: simdBatchMatMulKernel,
    inputsToSave: ["a", "b"],
    gradFunc: (dy, saved, attrs) => {
      const [a, b] = saved as [tf.Tensor3D, tf.Tensor3D];
      const g = dy as tf.Tensor3D;
      const { transposeA: transposed, mask } = attrs as { transposeA?: boolean; mask?: string };
      // a mask-aware product (simdBatchMatMul's `tiles`) leaves hidden tiles out: only attention's own gradient knows
      // what they stand for
      if (mask !== undefined && mask !== "none")
        throw new InvalidArgumentError("simdBatchMatMul tiles", mask, "no gradient outside causalAttention's own");
      const transposeA = transposed === true;
      const swap = (t: tf.Tensor3D) => tf.transpose(t, [0, 2, 1]) as tf.Tensor3D;
      const keep = (r: tf.Tensor3D, batch: number) => (batch === r.shape[0] ? r : tf.sum(r, 0, true));
      return {
        // dA = dy b^T, or for a stored transposed (dy b^T)^T = b dy^T
        a: () => keep(transposeA ? simdBatchMatMul(b, swap(g)) : simdBatchMatMul(g, swap(b)), a.shape[0]),
        // dB = a^T dy: with a stored transposed, that is a itself
        b: () => keep(transposeA ? simdBatchMatMul(a, g) : simdBatchMatMul(a, g, { transposeA: true }), b.shape[0]),
      };
    },
  },
  {
    kernelName: "GatherV2",
    inputsToSave: ["x", "indices"],
    gradFunc: (dy, saved, attrs) => {
      const [x, indices] = saved as [tf.Tensor, tf.Tensor];
      const { axis, batchDims } = attrs as { axis: number; batchDims: number };
      if (batchDims !== 0)
        throw new InvalidArgumentError(
          "GatherV2.batchDims",
          batchDims,
          "the gradient of gather supports only batchDims 0",
        );
      const ax = tf.util.parseAxisParam(axis, x.shape)[0]!;
      // dx = onehot(indices)^T @ dy with the gathered axis moved to the front
      return {
        x: () => {
          const rows = x.shape[ax]!;
          const perm = [ax, ...x.shape.map((_, i) => i).filter((i) => i !== ax)];
          const rest = perm.slice(1).map((i) => x.shape[i]!);
          const flatIdx = tf.reshape(indices, [indices.size]);
          // dy has shape x.shape[:ax] + indices.shape + x.shape[ax+1:]; bring the indices axes to the front
          const before = ax;
          const idxRank = indices.rank;
          const g = dy as tf.Tensor;
          const dyPerm = [
            ...Array.from({ length: idxRank }, (_, i) => before + i),
            ...Array.from({ length: before }, (_, i) => i),
            ...Array.from({ length: g.rank - before - idxRank }, (_, i) => before + idxRank + i),
          ];
          const dy2 = tf.reshape(tf.transpose(g, dyPerm), [indices.size, rest.reduce((p, q) => p * q, 1)]);
          const oneHotT = tf.cast(
            tf.equal(
              tf.reshape(tf.range(0, rows, 1, "int32"), [rows, 1]),
              tf.reshape(tf.cast(flatIdx, "int32"), [1, indices.size]),
            ),
            "float32",
          );
          const dxT = tf.reshape(tf.matMul(oneHotT, dy2), [rows, ...rest]);
          return tf.transpose(dxT, tf.backend_util.getUndoAxesPermutation(perm));
        },
        indices: () => tf.zeros(indices.shape, "float32"),
      };
    },
  },
];

function sumLeading(r: tf.Tensor, shape: number[]): tf.Tensor {
  const extra = r.rank - shape.length;
  const summed =
    extra > 0
      ? tf.sum(
          r,
          Array.from({ length: extra }, (_, i) => i),
        )
      : r;
  return unbroadcast(summed, shape);
}

let registered = false;

/** Registers the gradients above for every kernel that has none yet (idempotent). */
export function registerGradients(): void {
  if (registered) return;
  registered = true;
  for (const config of gradientTable) {
    if (tf.getGradient(config.kernelName) == null) tf.registerGradient(config);
  }
}

/** Kernels this package can differentiate through (beyond its own custom-gradient ops). */
export const differentiableKernels: readonly string[] = gradientTable.map((g) => g.kernelName);
