import * as tf from "@tensorflow/tfjs-core";

/**
 * x [batch * time, width] + rows 0..time-1 of the position table [context, width], broadcast over
 * the batch. The table's gradient sums dy over the batch as ones[1, batch] @ dy[batch, time * width]
 * (a fast untransposed matmul on tfjs-wasm, where reducing a leading axis is slow).
 */
export function addPositions(x: tf.Tensor2D, table: tf.Tensor2D, batch: number, time: number): tf.Tensor2D {
  const [context, width] = table.shape;
  const f = tf.customGrad((xIn, tIn, save) => {
    (save as tf.GradSaveFunc)([]);
    const rows = tf.reshape(tf.slice(tIn as tf.Tensor2D, [0, 0], [time, width]), [1, time * width]);
    return {
      value: tf.reshape(tf.add(tf.reshape(xIn as tf.Tensor, [batch, time * width]), rows), [
        batch * time,
        width,
      ]) as tf.Tensor2D,
      gradFunc: (dy) => {
        const summed = tf.reshape(tf.matMul(tf.ones([1, batch]), tf.reshape(dy, [batch, time * width])), [time, width]);
        const dTable = time === context ? summed : tf.concat([summed, tf.zeros([context - time, width])], 0);
        return [tf.clone(dy), dTable];
      },
    };
  });
  return f(x, table) as tf.Tensor2D;
}
