//! Ceph RADOS: an object's placement group, and the OSD CRUSH maps it to (ceph/ceph
//! `src/osd/OSDMap.cc` `object_locator_to_pg` and `_pg_to_raw_osds`, `src/osd/osd_types.cc`
//! `raw_pg_to_pps`, `src/crush/mapper.c` `crush_do_rule` and `bucket_straw2_choose`,
//! `src/common/ceph_hash.cc`, `src/include/rados.h` `ceph_stable_mod`).
//!
//! The cluster modelled: one replicated pool (pool 1, `size 1`, `hashpspool`, object hash
//! `rjenkins`) with `pg_num = pgp_num = pg-num`, on a CRUSH map of one `straw2` root bucket
//! holding every OSD with its CRUSH weight, the jewel ("optimal") tunables and the rule
//! `step take default; step choose firstn 0 type osd; step emit`; every OSD up and in.
//!
//! - Object → PG: `ps = ceph_stable_mod(ceph_str_hash_rjenkins(name), pg_num, pg_num_mask)`,
//!   the hash being Bob Jenkins' lookup2 with initial value 0.
//! - PG → OSD: `pps = crush_hash32_2(rjenkins1, ps, pool)`, then straw2 over the root's
//!   items for replica rank `r = 0`: each OSD draws `(crush_ln(hash32_3(pps, id, 0) &
//!   0xffff) − 2^48) / weight`, the highest draw wins, the earlier item on a tie. With one
//!   replica and a bucket of OSDs, `crush_choose_firstn` takes that first choice: nothing
//!   can collide with an empty result, and an OSD that is in (weight `0x10000`) is never
//!   rejected, so there is no retry and `r` stays 0.
//! - Weights: the CRUSH weight as crushtool reads `item osd.N weight W`, `strtof(W) ·
//!   (float)0x10000` truncated to an integer (16.16 fixed point). They are kept in
//!   hundredths here; `1.25` is `strtof("1.25")`, which the f32 division `125 / 100` equals
//!   (both round the same real number once).
//!
//! Every object name is placed (the hash takes any bytes). A PG's OSD is the same for
//! every object in it, so the table of PGs is worked out once.

use super::{
    index, Cluster, KeyRefused, LabBuild, Locate, SystemError, SystemParam, SystemSpec, Weights,
};
use crate::crush;
use crate::placement::{NodeIndex, Picture};
use crate::registry::{ParamKind, ParamSpec};

const PG_NUM: &str = "the pool's pg_num (and pgp_num)";
/// mon_max_pool_pg_num.
const MAX_PG_NUM: u32 = 65_536;

/// Ceph, one straw2 bucket of OSDs.
pub static SPEC: SystemSpec = SystemSpec {
    id: "ceph",
    description: "Ceph RADOS: object -> placement group (rjenkins, ceph_stable_mod) -> OSD by CRUSH straw2 (one root bucket, replicated pool of size 1)",
    source: "ceph/ceph src/crush/mapper.c (bucket_straw2_choose, crush_ln), src/osd/OSDMap.cc (object_locator_to_pg, _pg_to_raw_osds), src/osd/osd_types.cc (raw_pg_to_pps), src/common/ceph_hash.cc",
    weights: Weights::Hundredths {
        meaning: "the CRUSH weight (`item osd.N weight 1.25`), 16.16 fixed point: straw2 divides each OSD's draw by it",
        default: 100,
        min: 1,
        // CRUSH_MAX_DEVICE_WEIGHT: crushtool refuses a device weight above 100.
        max: 10_000,
    },
    node_syntax: "`osd.<id>`, the OSD's id being what CRUSH hashes; any other name takes the lowest id no node claims, in list order, as `ceph osd create` numbers a new OSD",
    params: &[SystemParam {
        name: "pg-num",
        description: PG_NUM,
        default: 32,
        min: 1,
        max: MAX_PG_NUM as u64,
    }],
    key_hash: "ceph-rjenkins",
    shape: crate::registry::Picture::Table,
    lab: LabBuild::SystemWith {
        params: &[ParamSpec {
            key: "pg-num",
            flag: "pg-num",
            unit: "placement groups",
            kind: ParamKind::Whole {
                min: 1,
                max: MAX_PG_NUM,
                default: 32,
                picture_default: None,
                prime: false,
            },
        }],
        docs: &[PG_NUM],
    },
    client_of: None,
    build,
};

/// The pool every object is placed in.
const POOL: u32 = 1;

/// The most straw2 draws a build makes (placement groups × OSDs), a fraction of a second.
const MAX_DRAWS: u64 = 1 << 24;

/// `ceph_str_hash_rjenkins(name, len)`: lookup2 with initial value 0.
///
/// ```
/// use ring_core::systems::ceph_str_hash_rjenkins;
/// assert_eq!(ceph_str_hash_rjenkins(b"user:0:gjj"), 3_248_677_960);
/// assert_eq!(ceph_str_hash_rjenkins(b""), 3_175_731_469);
/// ```
pub fn ceph_str_hash_rjenkins(name: &[u8]) -> u32 {
    jenkins_hash::lookup2(name, 0)
}

/// The OSD ids of `names`: `osd.<id>` is `id`; any other name takes the lowest id that no
/// node claims, in list order.
pub fn osd_ids(names: &[&str]) -> Vec<u32> {
    let explicit: Vec<Option<u32>> = names.iter().map(|n| osd_id(n)).collect();
    let mut claimed: Vec<u32> = explicit.iter().flatten().copied().collect();
    claimed.sort_unstable();
    let mut next = 0u32;
    explicit
        .into_iter()
        .map(|id| {
            id.unwrap_or_else(|| {
                while claimed.binary_search(&next).is_ok() {
                    next += 1;
                }
                next += 1;
                next - 1
            })
        })
        .collect()
}

/// The id of a name written exactly `osd.<id>`: decimal digits, no leading zero, at most
/// `i32::MAX` (an OSD id is a C `int`).
fn osd_id(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("osd.")?;
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    let id: u32 = digits.parse().ok().filter(|_| canonical)?;
    (id <= i32::MAX as u32).then_some(id)
}

/// The 16.16 fixed-point CRUSH weight of a weight in hundredths, as crushtool computes it
/// from the decimal text: `strtof(text) * (float)0x10000`, truncated.
pub fn crush_weight(hundredths: u32) -> u32 {
    // f32 division rounds the exact quotient once, as strtof rounds the decimal text; the
    // product with 2^16 is exact, and `as` truncates toward zero as C's conversion does.
    let weight = hundredths as f32 / 100.0;
    (weight * 65_536.0) as u32
}

struct Ceph {
    pg_num: u32,
    mask: u32,
    /// The OSD (node index) of each placement group.
    pgs: Vec<NodeIndex>,
}

fn build(cluster: &Cluster) -> Result<Box<dyn Locate>, SystemError> {
    let pg_num = u32::try_from(cluster.params[0]).unwrap_or(u32::MAX);
    let draws = u64::from(pg_num) * cluster.names.len() as u64;
    if draws > MAX_DRAWS {
        return Err(SystemError::BadParam {
            name: "pg-num",
            value: u64::from(pg_num),
            rule: format!(
                "pg-num times the {} OSDs is at most {MAX_DRAWS} draws to work out",
                cluster.names.len()
            ),
        });
    }
    let ids = osd_ids(&cluster.names);
    let weights: Vec<u32> = cluster.weights.iter().map(|&w| crush_weight(w)).collect();
    let pgs = (0..pg_num)
        .map(|ps| {
            let pps = crush::hash32_2(ps, POOL);
            index(crush::straw2_choose(&ids, &weights, pps, 0).unwrap_or(0))
        })
        .collect();
    Ok(Box::new(Ceph {
        pg_num,
        mask: crush::pg_num_mask(pg_num),
        pgs,
    }))
}

impl Locate for Ceph {
    fn locate(&self, key: &str) -> Result<NodeIndex, KeyRefused> {
        let ps = self.position(key)?;
        Ok(self.pgs.get(ps as usize).copied().unwrap_or(0))
    }

    fn position(&self, key: &str) -> Result<u64, KeyRefused> {
        let hash = ceph_str_hash_rjenkins(key.as_bytes());
        Ok(u64::from(crush::stable_mod(hash, self.pg_num, self.mask)))
    }

    fn picture(&self) -> Picture {
        Picture::Table {
            entries: self.pgs.clone(),
        }
    }
}
