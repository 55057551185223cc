//! `ringlab bucket`: any bucket algorithm of ring-core's list ([`ring_core::buckets`]) on
//! unsigned 64-bit decimal keys from standard input, `key<TAB>bucket` per line.

use ring_core::buckets::BucketEngine;

use crate::args::BucketArgs;
use crate::assign::buckets_of_keys;
use crate::Failure;

/// `ringlab bucket`: the engine the flags describe (a refusal by the core is a usage error,
/// in the core's words), then one bucket per key.
pub fn bucket(args: &BucketArgs) -> Result<(), Failure> {
    let engine = BucketEngine::new(
        args.algo,
        args.buckets,
        args.capacity,
        &args.removed,
        args.seed,
    )
    .map_err(|e| Failure::Usage(e.to_string()))?;
    buckets_of_keys("bucket", |k| engine.bucket(k))
}
