//! Least-recently-used caches, many at once, as intrusive doubly-linked lists over entry
//! numbers: entry `e` has one `prev` and one `next` in one shared table, and each cache is a
//! head, a tail, a length and a capacity. Every operation is O(1) and a request allocates
//! nothing. An entry belongs to at most one cache (the simulation gives each (key, holder)
//! pair its own entry).

/// The end of a list.
const NIL: u32 = u32::MAX;
/// In `prev`: the entry is in no cache.
const ABSENT: u32 = u32::MAX - 1;

/// The most entries a table can number (two values are the markers above).
pub const MAX_ENTRIES: u32 = u32::MAX - 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Link {
    prev: u32,
    next: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct List {
    head: u32,
    tail: u32,
    len: u32,
    capacity: u32,
}

/// What [`Lru::touch`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touch {
    /// The entry was cached; it is now the most recently used.
    Hit,
    /// It was not; it is now cached, and the least recently used was evicted if the cache
    /// was full (`Some(evicted)`).
    Miss(Option<u32>),
}

/// Caches numbered `0..caches`, over entries numbered `0..entries`.
#[derive(Clone, Debug, PartialEq)]
pub struct Lru {
    links: Vec<Link>,
    lists: Vec<List>,
}

impl Lru {
    /// Empty caches with these capacities (in entries), over `entries` entries (at most
    /// [`MAX_ENTRIES`]; numbers beyond are ignored by every operation).
    pub fn new(entries: u32, capacities: &[u32]) -> Lru {
        let absent = Link {
            prev: ABSENT,
            next: NIL,
        };
        Lru {
            links: vec![absent; entries.min(MAX_ENTRIES) as usize],
            lists: capacities
                .iter()
                .map(|&capacity| List {
                    head: NIL,
                    tail: NIL,
                    len: 0,
                    capacity,
                })
                .collect(),
        }
    }

    /// Whether entry `e` is in a cache.
    pub fn contains(&self, e: u32) -> bool {
        self.links.get(e as usize).is_some_and(|l| l.prev != ABSENT)
    }

    /// How many entries cache `cache` holds.
    pub fn len(&self, cache: u32) -> u32 {
        self.lists.get(cache as usize).map_or(0, |l| l.len)
    }

    /// Whether cache `cache` holds nothing.
    pub fn is_empty(&self, cache: u32) -> bool {
        self.len(cache) == 0
    }

    /// The entries of `cache`, most recently used first.
    pub fn entries(&self, cache: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut e = self.lists.get(cache as usize).map_or(NIL, |l| l.head);
        while let Some(link) = self.links.get(e as usize) {
            out.push(e);
            e = link.next;
        }
        out
    }

    /// Puts `e` at the least recently used end of `cache` if there is room and `e` is in no
    /// cache: how a warm cache is filled, most popular first. Whether it was added.
    pub fn push_back(&mut self, cache: u32, e: u32) -> bool {
        let room = self
            .lists
            .get(cache as usize)
            .is_some_and(|l| l.len < l.capacity);
        if !room || self.contains(e) || e as usize >= self.links.len() {
            return false;
        }
        self.link_back(cache, e);
        true
    }

    /// A request for entry `e` at `cache`: a hit moves it to the front; a miss inserts it
    /// there and evicts the least recently used entry if the cache is over its capacity.
    /// `e` must belong to `cache` or to none (the caller's numbering guarantees it).
    #[inline]
    pub fn touch(&mut self, cache: u32, e: u32) -> Touch {
        if let Some(&link) = self.links.get(e as usize) {
            if link.prev != ABSENT {
                self.move_to_front(cache, e, link);
                return Touch::Hit;
            }
        }
        if e as usize >= self.links.len() {
            return Touch::Miss(None);
        }
        self.link_front(cache, e);
        let over = self
            .lists
            .get(cache as usize)
            .filter(|l| l.len > l.capacity)
            .map(|l| l.tail);
        if let Some(tail) = over {
            self.unlink(cache, tail);
            return Touch::Miss(Some(tail));
        }
        Touch::Miss(None)
    }

    /// Takes `e` out of `cache`, where it must be (or nothing happens).
    pub fn remove(&mut self, cache: u32, e: u32) {
        if self.contains(e) {
            self.unlink(cache, e);
        }
    }

    /// A hit: `e`, cached with `link`, becomes the head. One splice instead of an unlink
    /// and a link (a hit is most requests, and this is most of a hit's time).
    #[inline]
    fn move_to_front(&mut self, cache: u32, e: u32, link: Link) {
        let Link { prev, next } = link;
        if prev == NIL {
            return; // already the most recently used
        }
        let Some(list) = self.lists.get_mut(cache as usize) else {
            return;
        };
        let old_head = list.head;
        list.head = e;
        if next == NIL {
            list.tail = prev;
        }
        if let Some(l) = self.links.get_mut(prev as usize) {
            l.next = next;
        }
        if let Some(l) = self.links.get_mut(next as usize) {
            l.prev = prev;
        }
        if let Some(l) = self.links.get_mut(e as usize) {
            *l = Link {
                prev: NIL,
                next: old_head,
            };
        }
        if let Some(l) = self.links.get_mut(old_head as usize) {
            l.prev = e;
        }
    }

    fn link_front(&mut self, cache: u32, e: u32) {
        let Some(list) = self.lists.get_mut(cache as usize) else {
            return;
        };
        let old = list.head;
        list.head = e;
        if old == NIL {
            list.tail = e;
        }
        list.len += 1;
        if let Some(l) = self.links.get_mut(e as usize) {
            *l = Link {
                prev: NIL,
                next: old,
            };
        }
        if let Some(l) = self.links.get_mut(old as usize) {
            l.prev = e;
        }
    }

    fn link_back(&mut self, cache: u32, e: u32) {
        let Some(list) = self.lists.get_mut(cache as usize) else {
            return;
        };
        let old = list.tail;
        list.tail = e;
        if old == NIL {
            list.head = e;
        }
        list.len += 1;
        if let Some(l) = self.links.get_mut(e as usize) {
            *l = Link {
                prev: old,
                next: NIL,
            };
        }
        if let Some(l) = self.links.get_mut(old as usize) {
            l.next = e;
        }
    }

    fn unlink(&mut self, cache: u32, e: u32) {
        let Some(&Link { prev, next }) = self.links.get(e as usize) else {
            return;
        };
        let Some(list) = self.lists.get_mut(cache as usize) else {
            return;
        };
        if prev == NIL {
            list.head = next;
        }
        if next == NIL {
            list.tail = prev;
        }
        list.len = list.len.saturating_sub(1);
        if let Some(l) = self.links.get_mut(prev as usize) {
            l.next = next;
        }
        if let Some(l) = self.links.get_mut(next as usize) {
            l.prev = prev;
        }
        if let Some(l) = self.links.get_mut(e as usize) {
            *l = Link {
                prev: ABSENT,
                next: NIL,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_cache_evicts_the_least_recently_used() {
        let mut lru = Lru::new(10, &[3]);
        assert_eq!(lru.touch(0, 1), Touch::Miss(None));
        assert_eq!(lru.touch(0, 2), Touch::Miss(None));
        assert_eq!(lru.touch(0, 3), Touch::Miss(None));
        assert_eq!(lru.entries(0), [3, 2, 1]);
        // 1 becomes the most recent, so 2 is the one to go.
        assert_eq!(lru.touch(0, 1), Touch::Hit);
        assert_eq!(lru.touch(0, 4), Touch::Miss(Some(2)));
        assert_eq!(lru.entries(0), [4, 1, 3]);
        assert!(!lru.contains(2));
        assert_eq!(lru.touch(0, 2), Touch::Miss(Some(3)));
        assert_eq!(lru.len(0), 3);
        assert_eq!(lru.touch(0, 2), Touch::Hit);
        assert_eq!(lru.entries(0), [2, 4, 1]);
    }

    #[test]
    fn warm_filling_stops_at_the_capacity_and_keeps_the_order() {
        let mut lru = Lru::new(10, &[2, 5]);
        assert!(lru.push_back(0, 7));
        assert!(lru.push_back(0, 8));
        assert!(!lru.push_back(0, 9)); // full
        assert!(!lru.push_back(1, 7)); // already cached elsewhere
        assert!(lru.push_back(1, 9));
        assert_eq!(lru.entries(0), [7, 8]);
        // 8 was pushed last, so it is the least recently used.
        assert_eq!(lru.touch(0, 1), Touch::Miss(Some(8)));
        lru.remove(1, 9);
        assert!(lru.is_empty(1));
        assert_eq!(lru.entries(1), Vec::<u32>::new());
    }

    #[test]
    fn lists_stay_consistent_under_many_operations() {
        // Against a plain model: a Vec per cache, most recent first.
        let caps = [1u32, 4, 7];
        let mut lru = Lru::new(60, &caps);
        let mut model: Vec<Vec<u32>> = vec![Vec::new(); 3];
        let mut rng = crate::keys::SplitMix64::new(11);
        for _ in 0..20_000 {
            let cache = rng.below(3) as u32;
            // Entries 20c .. 20c + 19 belong to cache c.
            let e = cache * 20 + rng.below(20) as u32;
            let m = &mut model[cache as usize];
            let expected = match m.iter().position(|&x| x == e) {
                Some(i) => {
                    m.remove(i);
                    m.insert(0, e);
                    Touch::Hit
                }
                None => {
                    m.insert(0, e);
                    let evicted =
                        (m.len() > caps[cache as usize] as usize).then(|| m.pop().unwrap());
                    Touch::Miss(evicted)
                }
            };
            assert_eq!(lru.touch(cache, e), expected);
            assert_eq!(lru.entries(cache), *m);
        }
    }

    #[test]
    fn numbers_outside_the_table_change_nothing() {
        let mut lru = Lru::new(2, &[1]);
        assert_eq!(lru.touch(0, 5), Touch::Miss(None));
        assert!(!lru.push_back(0, 5));
        assert!(!lru.push_back(3, 0));
        lru.remove(0, 9);
        assert_eq!(lru.touch(4, 1), Touch::Miss(None));
        assert!(lru.is_empty(0));
    }
}
