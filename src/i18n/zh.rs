//! 简体中文目录：每个键的中文写法，写给中文读者，用参考文章里的术语（一致性哈希、哈希环、
//! 虚拟节点、顺时针、宕机、取模、槽位、副本、指针表……），不逐词直译。
//!
//! (The Simplified Chinese catalogue: written for a Chinese reader in the seeds' terms.)

use std::borrow::Cow;

use ring_core::error::{
    MAX_EPSILON, MAX_NAME_BYTES, MAX_NODES, MAX_RING_POINTS, MAX_SLOTS, MAX_TABLE_SIZE, MAX_VNODES,
    MAX_WEIGHT,
};
use ring_core::ketama::Weighting;
use ring_core::metrics::{Ideal, MetricsError, MoveSummary};
use ring_core::ring::Naming;
use ring_core::{BuildError, HashFn};

use super::num::{count, dec, int, pct};
use super::{Choice, ListKind, Msg, Quantity, Ui};
use crate::draw::power_of_two;
use crate::model::keys::{MAX_KEYS, MIN_KEYS};
use crate::model::limits::Refusal;
use crate::model::tour::STEP_COUNT;
use crate::model::url::MAX_QUERY_BYTES;
use crate::model::{AlgoKind, ViewKind};

/// 固定文字 `key`。
pub fn ui(key: Ui) -> &'static str {
    match key {
        Ui::PageTitle => "Ringlab —— 一致性哈希可视化",
        Ui::AppTagline => " —— 一致性哈希可视化",
        Ui::Reset => "重置",
        Ui::ResetLabel => "重置：回到最初的示例",
        Ui::DarkTheme => "深色主题",
        Ui::DarkThemeTitle => "开启或关闭深色主题",
        Ui::Language => "语言",
        Ui::ControlsLabel => "控制面板",
        Ui::Footer => "这里的每个数字都由 ringlab 命令行所用的同一个 crate —— ring-core —— 计算得出。",
        Ui::PanicText => "出错了，Ringlab 已停止运行。",
        Ui::PanicReset => "点此重置",
        Ui::PanicAfter => "，从最初的示例重新开始。",
        Ui::AddTitle => "添加节点",
        Ui::Name => "名称",
        Ui::Weight => "权重",
        Ui::VirtualNodes => "虚拟节点数",
        Ui::AddNodeButton => "添加",
        Ui::DownBadge => "宕机",
        Ui::Vnodes => "虚拟节点",
        Ui::MarkUpButton => "恢复",
        Ui::MarkDownButton => "宕机",
        Ui::Remove => "移除",
        Ui::NodesApplyHint => "离开输入框或按回车后生效。",
        Ui::Dismiss => "关闭",
        Ui::CancelJob => "取消",
        Ui::CancelJobLabel => "停止放置键，保留当前显示的内容",
        Ui::JobProgressLabel => "已放置的键",
        Ui::DismissLabel => "关闭这条提示",
        Ui::NoteLinkIgnored => "链接中有部分内容无法使用，已忽略；其余部分照常显示。",
        Ui::NoteStoredUnusable => "上次访问时保存的状态无法使用，因此显示最初的示例。",
        Ui::NotePastedTooBig => "粘贴的键太多，浏览器存储放不下：重新加载后，将用生成的键代替。",
        Ui::NoteAddressIgnored => "地址中有部分内容无法使用，已忽略。",
        Ui::NoteAddressUnusable => "无法显示这个地址。",
        Ui::AlgorithmTitle => "算法",
        Ui::Placement => "放置方式",
        Ui::HashFunction => "哈希函数",
        Ui::VnodeNames => "虚拟节点命名",
        Ui::WeightsAsIn => "权重算法",
        Ui::ReplicasLabel => "虚拟节点数 replicas（少于 100 时按 100 计）",
        Ui::SlotsLabel => "槽位数",
        Ui::TableSizeLabel => "查找表大小（素数）",
        Ui::EpsilonLabel => "允许的超载 ε",
        Ui::DefaultVnodesLabel => "每个节点的虚拟节点数（默认值）",
        Ui::KeysTitle => "键",
        Ui::HowMany => "数量",
        Ui::Seed => "种子",
        Ui::DrawnLabel => "画成点的键数",
        Ui::DrawnApply => "绘制",
        Ui::DrawnHint => "0 到 20,000 个点（默认 2,000）；所有计数和图表始终涵盖全部键。",
        Ui::Generate => "生成",
        Ui::NextSeedLabel => "用下一个种子生成",
        Ui::NextSeed => "种子 +1",
        Ui::PasteSummary => "或者粘贴你自己的键",
        Ui::PasteLabel => "键，每行一个",
        Ui::UsePasted => "使用这些键",
        Ui::ExplainTitle => "一个键会落到哪里？",
        Ui::Key => "键",
        Ui::ExplainPlaceholder => "例如 user:42",
        Ui::ExplainHint => "输入一个键，查看它的哈希值以及找到归属节点的路径，路径也会画在图上。",
        Ui::WhatMoves => "哪些键会迁移",
        Ui::WhatMoved => "迁移情况：",
        Ui::SummaryEmpty => "还没有可比较的变化。添加、移除一个节点或让它宕机，看看哪些键会迁移。",
        Ui::FlowTo => "迁往",
        Ui::NoKeyMoved => "没有键更换归属节点。",
        Ui::FlowsLabel => "按节点列出的键迁移",
        Ui::LegendCaption => "各节点的颜色、键数和哈希空间份额",
        Ui::Node => "节点",
        Ui::Keys => "键数",
        Ui::Space => "空间份额",
        Ui::Play => "播放",
        Ui::Pause => "暂停",
        Ui::PlaybackGroup => "上一次变化的动画",
        Ui::ReplayLabel => "重播上一次变化",
        Ui::Replay => "重播",
        Ui::Speed => "速度",
        Ui::ReducedMotion => "动画已关闭：你的系统设置要求减少动态效果。",
        Ui::Load => "负载",
        Ui::SharesCaption => "各节点的哈希空间份额（虚线：平均值；色带：±10%）",
        Ui::Balance => "均衡度",
        Ui::Measure => "指标",
        Ui::HashSpace => "哈希空间",
        Ui::R1 => "R1",
        Ui::R2 => "R2",
        Ui::R3 => "R3",
        Ui::R1About => "最大值 / 最小值",
        Ui::R2About => "与平均值相差 10% 以内的节点比例",
        Ui::R3About => "与平均值相差 2% 以内的节点比例",
        Ui::PeakMean => "峰值 / 平均值",
        Ui::PeakAbout => "最忙节点与平均份额之比",
        Ui::StdDev => "标准差",
        Ui::StdDevAbout => "围绕平均值的离散程度",
        Ui::HintRing => "将指针悬停在点、弧或键上（或轻触），即可查看它是什么；也可以让图获得焦点后用方向键浏览。",
        Ui::HintBins => "将指针悬停在桶、格子或键上（或轻触），即可查看它是什么；也可以让图获得焦点后用方向键浏览。",
        Ui::ViewsNav => "视图",
        Ui::ViewsTablist => "Ringlab 的视图",
        Ui::CopyLink => "复制链接",
        Ui::LinkCopied => "链接已复制到剪贴板。",
        Ui::CopyRefused => "浏览器不允许页面直接复制：下面的链接已选中，请按 Ctrl+C（Mac 上按 ⌘C）复制。",
        Ui::LinkLabel => "指向当前画面的链接",
        Ui::Done => "完成",
        Ui::PictureRing => "哈希环",
        Ui::PictureLoads => "各节点键数",
        Ui::PictureShares => "哈希空间份额",
        Ui::SaveRingLabel => "把哈希环图保存为 PNG 文件",
        Ui::SaveLoadsLabel => "把各节点键数图保存为 PNG 文件",
        Ui::SaveSharesLabel => "把哈希空间份额图保存为 PNG 文件",
        Ui::SaveTitle => "保存为文件",
        Ui::Png => "PNG",
        Ui::Csv => "CSV",
        Ui::CsvLabel => "把各节点负载保存为 CSV 文件",
        Ui::LoadsPerNode => "各节点负载",
        Ui::CompareCsv => "把表格保存为 CSV",
        Ui::CompareCsvLabel => "把对比表保存为 CSV 文件",
        Ui::OpenInRinglab => "在 Ringlab 中打开 ↗",
        Ui::NoSuchPicture => "页面上现在没有这张图",
        Ui::DownloadFailed => "无法开始下载",
        Ui::EncodeFailed => "无法编码这张图",
        Ui::TourSlow => "慢（每步 16 秒）",
        Ui::TourNormal => "正常（每步 10 秒）",
        Ui::TourFast => "快（每步 5 秒）",
        Ui::TourVeryFast => "很快（每步 2 秒）",
        Ui::TourComputed => "由 ring-core 算出的数字",
        Ui::TourPlayLabel => "播放导览",
        Ui::TourPauseLabel => "暂停导览",
        Ui::TourPlayButton => "▶ 播放",
        Ui::TourPauseButton => "❚❚ 暂停",
        Ui::TourHeading => "导览",
        Ui::TourControls => "导览控制",
        Ui::TourBackLabel => "上一步",
        Ui::TourBack => "← 上一步",
        Ui::TourNextLabel => "下一步",
        Ui::TourNext => "下一步 →",
        Ui::Step => "步骤",
        Ui::TourMeter => "导览进度",
        Ui::TourKeys => "导览获得焦点时：← 和 → 前后翻页，Home 和 End 跳到第一步和最后一步，空格键播放或暂停。",
        Ui::Moved => "迁移",
        Ui::Ideal => "理想值",
        Ui::PeakAboutKeys => "最忙节点的键数与平均值之比",
        Ui::R1AboutShares => "哈希空间的最大份额 / 最小份额",
        Ui::R2AboutShares => "份额与平均值相差 10% 以内的节点比例",
        Ui::R3AboutShares => "份额与平均值相差 2% 以内的节点比例",
        Ui::Memory => "内存",
        Ui::RemoveLastNode => "移除最后一个节点",
        Ui::NoChange => "不做变化",
        Ui::CompareTitle => "算法对比",
        Ui::CompareChangeGroup => "对每种算法施加的变化",
        Ui::ChangeColon => "变化：",
        Ui::Algorithm => "算法",
        Ui::KeysMoved => "迁移的键",
        Ui::Size => "规模",
        Ui::SizeAbout => "环上的点数、槽位数、表项数或桶数",
        Ui::ChordTitle => "Chord：指针表与查找",
        Ui::ChordHint => "每个在线节点在实验室所用哈希的哈希环上占一个点，位置是它名字的哈希值。节点的第 i 个指针指向位置不小于“自身 + 2^i”的第一个节点；查找时，每一跳都跳到不越过目标键的最远指针。",
        Ui::KeyToLookUp => "要查找的键",
        Ui::StartAtNode => "起始节点",
        Ui::LabNodes => "实验室的节点",
        Ui::Position => "位置",
        Ui::FingersCol => "指针 → 节点",
        Ui::ChordStartTag => "（起点）",
        Ui::ChordOwnerTag => "（归属）",
        Ui::EveryCopyLost => "所有副本都丢失",
        Ui::No => "否",
        Ui::ReplicationTitle => "复制到后继节点",
        Ui::ReplicationHint => "每个键存放在它的归属节点，以及顺时针方向接下来 R − 1 个不同的节点上（它的偏好列表）。某个节点宕机时，已经持有数据的下一个副本接手它的键，顺时针方向的下一个节点收到一份新副本。",
        Ui::NodeThatFails => "宕机的节点",
        Ui::NoneOption => "无",
        Ui::UseVirtualRing => "改用带虚拟节点的哈希环",
        Ui::FirstKeys => "键集合中的前几个键",
        Ui::PreferenceList => "偏好列表",
        Ui::AfterTheFailure => "宕机之后",
        Ui::ServedBy => "接手节点",
        Ui::NewCopyOn => "新副本位于",
        Ui::LostQ => "丢失？",
        Ui::Refused => "被拒绝",
        Ui::PaperTitle => "文章 003 的均衡度表格，实时计算",
        Ui::NodeCounts => "节点数（行）",
        Ui::VnodeCounts => "每个节点的虚拟节点数（列）",
        Ui::HashShort => "哈希",
        Ui::PaperReset => "论文里的表格",
        Ui::NothingToCompute => "没有需要计算的内容。",
        Ui::NodesCol => "节点数",
        Ui::ChartCaption => "R1 随每个节点虚拟节点数的变化（两轴均为对数刻度）；R1 = 1 表示完全均衡",
        Ui::ChartLabel => "R1 随每个节点虚拟节点数的变化，每种节点数一条线，两轴均为对数刻度。",
        Ui::Lines => "图线",
        Ui::PaperXAxis => "每个节点的虚拟节点数",
        Ui::PaperYAxis => "R1（最大份额 / 最小份额）",
        Ui::NodeGone => "这个节点已经不存在了",
        Ui::ChordTypeKey => "请输入要查找的键",
        Ui::NoNodeUp => "没有在线的节点",
        Ui::ReplicationNeedsRing => "复制要沿着哈希环走：请先选择一种基于哈希环的算法",
        Ui::LinkKeyWays => "keys（配合 seed）、keylist 和 pasted 是给出键的三种不同方式，只能用其中一种：改用最初示例的键",
        Ui::LinkParamOutOfRange => "有参数超出了范围",
        Ui::LinkKeyCountOutOfRange => "键的数量超出了范围",
        Ui::LinkPastedInvalid => "粘贴的键不是有效的键列表",
        Ui::SlotmapNodesIgnored => "它引用的节点已被忽略",
        Ui::SlotmapOnlySlots => "它只适用于槽位表（algo=slots）",
        Ui::EveryNodeDown => "所有节点都宕机了：至少要有一个在线",
        Ui::ColourOutOfRange => "有颜色超出了范围",
        Ui::GroupRepeatsZero => "有一组重复了 0 次",
        Ui::NotUtf8 => "文本不是有效的 UTF-8",
        Ui::NotRinglabFormat => "它不是 Ringlab 的格式",
    }
}

/// 用户输入的文字，加中文引号。
fn q(text: &str) -> String {
    format!("“{text}”")
}

fn algo(kind: AlgoKind) -> &'static str {
    match kind {
        AlgoKind::Modulo => "取模（hash mod n）",
        AlgoKind::SinglePoint => "哈希环，每个节点一个点",
        AlgoKind::Virtual => "带虚拟节点的哈希环",
        AlgoKind::GoZero => "go-zero 哈希环",
        AlgoKind::Ketama => "ketama",
        AlgoKind::SlotTable => "槽位表",
        AlgoKind::Jump => "跳跃一致性哈希",
        AlgoKind::Maglev => "Maglev 查找表",
        AlgoKind::Rendezvous => "最高随机权重（Rendezvous）",
        AlgoKind::Bounded => "负载有界（带上限的哈希环）",
    }
}

/// An algorithm's name inside a sentence, in quotes (some names are Latin, and quotes keep
/// them apart from the Chinese around them without spaces).
fn qa(kind: AlgoKind) -> String {
    format!("“{}”", algo(kind))
}

fn algo_about(kind: AlgoKind) -> &'static str {
    match kind {
        AlgoKind::Modulo => "键落在 hash mod n 号节点上：只加一个节点，几乎所有键都要迁移。",
        AlgoKind::SinglePoint => "每个节点在哈希环上占一个点；键顺时针找到的第一个节点就是它的归属。",
        AlgoKind::Virtual => "每个节点在环上占很多个点（虚拟节点）；键顺时针找到的第一个点决定归属。",
        AlgoKind::GoZero => "go-zero 的 core/hash 哈希环：MurmurHash3，每个节点至少 100 个虚拟节点，权重按百分比计。",
        AlgoKind::Ketama => "libketama 的哈希环：对 \"server-i\" 做 MD5，每个摘要 4 个点，每台服务器 160 个点，按权重缩放。",
        AlgoKind::SlotTable => "固定数量的槽位轮流分给各节点；键落在 hash mod 槽位数 号槽位，归该槽位的节点。",
        AlgoKind::Jump => "节点编号为 0..n 号桶；只有最后一个桶能离开。",
        AlgoKind::Maglev => "每个节点按自己的排列填充查找表；键落在 hash mod 表大小 号表项，归该表项的节点。",
        AlgoKind::Rendezvous => "每个节点给键打分，分数最高者得。",
        AlgoKind::Bounded => "带虚拟节点的哈希环，任何节点承载的键都不超过平均负载的 (1 + ε) 倍：节点满了，就把键顺时针交给下一个节点。",
    }
}

fn weight_meaning(kind: AlgoKind) -> &'static str {
    match kind {
        AlgoKind::Virtual | AlgoKind::Bounded => "虚拟节点数的百分比（100 = 按设定值）",
        AlgoKind::GoZero => "replicas 的百分比（100 = 全部）",
        AlgoKind::Ketama => "服务器内存：点数按比例分配",
        AlgoKind::Maglev | AlgoKind::Rendezvous => "相对份额",
        AlgoKind::Modulo | AlgoKind::SinglePoint | AlgoKind::SlotTable | AlgoKind::Jump => {
            "不起作用"
        }
    }
}

fn hash_about(hash: HashFn) -> &'static str {
    match hash {
        HashFn::Md5 => "MD5，取前 4 个字节，小端序（ketama）",
        HashFn::Murmur3_64 => "MurmurHash3 x64_128，取前 64 位（go-zero）",
        HashFn::Murmur3_32 => "MurmurHash3 x86_32",
        HashFn::Fnv1_32 => "FNV-1，32 位",
        HashFn::Fnv1a_32 => "FNV-1a，32 位",
        HashFn::Fnv1_64 => "FNV-1，64 位",
        HashFn::Fnv1a_64 => "FNV-1a，64 位",
        HashFn::JavaString => "Java 的 String.hashCode",
        HashFn::Crc32Memcached => "Java memcached 客户端所用的 CRC32（15 位）",
        HashFn::JavaMd5Hex => "MD5 十六进制字符串的 hashCode（文章 000 的 Java 哈希环）",
    }
}

fn view(v: ViewKind) -> &'static str {
    match v {
        ViewKind::Explore => "探索",
        ViewKind::Tour => "导览",
        ViewKind::Compare => "对比",
        ViewKind::Chord => "Chord",
        ViewKind::Replication => "副本",
        ViewKind::Paper => "论文",
    }
}

fn quantity(what: Quantity) -> &'static str {
    match what {
        Quantity::GoZeroReplicas => "go-zero 的虚拟节点数",
        Quantity::Slots => "槽位数",
        Quantity::TableSize => "Maglev 查找表大小",
        Quantity::DefaultVnodes => "默认虚拟节点数",
        Quantity::PastedCount => "粘贴的键数",
        Quantity::AWeight => "权重",
        Quantity::AVnodeCount => "虚拟节点数",
        Quantity::AColour => "颜色编号",
        Quantity::TourStep => "导览步骤",
        Quantity::DrawnKeys => "绘制的键数",
    }
}

fn list_kind(what: ListKind) -> &'static str {
    match what {
        ListKind::NodeCounts => "节点数",
        ListKind::VnodeCounts => "虚拟节点数",
    }
}

fn list_range(what: ListKind, max: u32) -> String {
    format!(
        "{}须为 1 到 {} 之间的整数，例如“10, 20”或“10..100 step 10”",
        list_kind(what),
        int(max)
    )
}

fn choice(what: Choice, text: &str, all: &str) -> String {
    match what {
        Choice::Algorithm => format!("{text} 不是算法：可用的有 {all}"),
        Choice::Hash => format!("{text} 不是哈希函数：可用的有 {all}"),
        Choice::Naming => format!("{text} 不是命名方式：可用 {all}"),
        Choice::Weighting => format!("{text} 不是权重算法：可用 {all}"),
        Choice::View => format!("{text} 不是视图：可用 {all}"),
        Choice::Theme => format!("{text} 不是主题：可用 light 或 dark"),
        Choice::Layout => format!("{text} 不是布局：可用 embed、embed=ring 或 embed=chart"),
        Choice::ZeroOrOne => format!("{text} 既不是 0 也不是 1"),
        Choice::Language => format!("{text} 不是语言：可用 {all}"),
    }
}

fn refusal(r: &Refusal) -> String {
    match r {
        Refusal::PasteTooLarge { bytes, max } => format!(
            "粘贴的文本长 {} 字节：最多粘贴 {} 字节（1 到 {} 个键，每行一个）",
            count(*bytes),
            count(*max),
            int(MAX_KEYS)
        ),
        Refusal::TooManyScores { nodes, keys, max } => format!(
            "最高随机权重哈希要为每个键给每个节点打分：{} 个节点 × {} 个键 = {} 次打分，最多 {} 次（请减少键或节点）",
            int(*nodes),
            int(*keys),
            int(nodes.saturating_mul(*keys)),
            int(*max)
        ),
        Refusal::TooManyReplicas { replicas, max } => {
            format!("副本数 {replicas}：这里须在 1 到 {max} 之间")
        }
    }
}

fn build(e: &BuildError) -> String {
    match e {
        BuildError::NoNodes => "集群至少需要一个节点".to_string(),
        BuildError::TooManyNodes { count: n } => {
            format!("{} 个节点太多了：最多 {} 个", count(*n), count(MAX_NODES))
        }
        BuildError::EmptyName { index } => {
            format!("第 {} 个节点的名字为空：请给它起个名字", index + 1)
        }
        BuildError::NameTooLong { index, bytes } => format!(
            "第 {} 个节点的名字长 {} 字节：最多 {MAX_NAME_BYTES} 字节",
            index + 1,
            count(*bytes)
        ),
        BuildError::DuplicateName { name } => {
            format!("有两个节点都叫{}：节点名不能重复", q(name))
        }
        BuildError::BadWeight { name, weight } => format!(
            "节点{}的权重是 {}：权重须为 1 到 {} 之间的整数",
            q(name),
            int(*weight),
            int(MAX_WEIGHT)
        ),
        BuildError::BadVnodes {
            name: Some(name),
            vnodes,
        } => format!(
            "节点{}有 {} 个虚拟节点：允许 1 到 {} 个",
            q(name),
            int(*vnodes),
            int(MAX_VNODES)
        ),
        BuildError::BadVnodes { name: None, vnodes } => format!(
            "每个节点 {} 个虚拟节点：允许 1 到 {} 个",
            int(*vnodes),
            int(MAX_VNODES)
        ),
        BuildError::TooManyPoints { points } => format!(
            "哈希环上将有 {} 个点：最多 {} 个（请减少节点或虚拟节点）",
            int(*points),
            int(MAX_RING_POINTS)
        ),
        BuildError::BadSlots { slots } => format!(
            "{} 个槽位：槽位表的槽位数须为 1 到 {}",
            int(*slots),
            int(MAX_SLOTS)
        ),
        BuildError::BadTableSize { size, nodes } => format!(
            "Maglev 查找表大小为 {}：须为 2 到 {} 之间的素数，且不小于节点数（{}）",
            int(*size),
            int(MAX_TABLE_SIZE),
            count(*nodes)
        ),
        BuildError::BadEpsilon { epsilon } => {
            format!("ε = {epsilon}：须为大于 0、不超过 {MAX_EPSILON} 的数")
        }
        BuildError::BadReplicas { replicas, nodes } => {
            format!("副本数 {replicas}：须在 1 到节点数（{nodes}）之间")
        }
        BuildError::NoSuchNode { index } => format!("没有编号为 {index} 的节点"),
        BuildError::JumpRemovesOnlyLast { index, last } => format!(
            "跳跃一致性哈希把节点编号为 0..n 号桶，只有最后一个（{last} 号桶）可以离开，{index} 号桶不行"
        ),
        BuildError::BadBits { bits } => {
            format!("2^{bits} 个位置的环：位宽须为 1 到 64")
        }
        BuildError::PositionOutOfRange { position, bits } => format!(
            "位置 {position} 超出了 2^{bits} 个位置的环（0 到 {}）",
            u64::MAX >> (64 - (*bits).clamp(1, 64))
        ),
        BuildError::RepeatedNode { index } => {
            format!("节点 {index} 出现了不止一次：在 Chord 环上每个节点只有一个位置")
        }
    }
}

fn metrics(e: &MetricsError) -> String {
    match e {
        MetricsError::Empty => "没有可以汇总的数值".to_string(),
        MetricsError::BadValue { index, value } => format!(
            "第 {} 个值是 {value}：份额和键数须为不小于 0 的有限数",
            index + 1
        ),
        MetricsError::NoSuchNode {
            key,
            node,
            node_count,
        } => format!(
            "第 {} 个键被分配给节点 {node}，但节点编号只有 0 到 {}",
            key + 1,
            node_count.saturating_sub(1)
        ),
        MetricsError::TooManyNodes { count: n } => {
            format!("{} 个节点太多了：最多 {} 个", int(*n), count(MAX_NODES))
        }
        MetricsError::LengthMismatch { before, after } => {
            format!("无法把 {before} 个键与 {after} 个键逐一比较：两次分配必须覆盖同一批键")
        }
    }
}

/// “1,204 / 10,000 个键迁移（12.0%）；理想值 1/11 = 9.1%”
fn moved(s: &MoveSummary) -> String {
    let mut out = format!(
        "{} / {} 个键迁移（{}）",
        int(s.moved),
        int(s.total),
        pct(s.fraction(), 1)
    );
    match s.ideal {
        Ideal::Join { nodes_after } if nodes_after > 0 => out.push_str(&format!(
            "；理想值 1/{} = {}",
            int(nodes_after),
            pct(s.ideal_fraction().unwrap_or(0.0), 1)
        )),
        Ideal::Leave { .. } => out.push_str(&format!(
            "；理想值 {}（离开节点的份额）",
            pct(s.ideal_fraction().unwrap_or(0.0), 1)
        )),
        Ideal::Join { .. } | Ideal::None => {}
    }
    out
}

fn naming(n: Naming) -> &'static str {
    match n {
        Naming::Hash => "名称#i（如 cache-a#3）",
        Naming::Dash => "名称-i（如 cache-a-3）",
        Naming::JavaSeed => "名称-哈希-i（文章 000 的 Java 写法）",
    }
}

fn weighting(w: Weighting) -> &'static str {
    match w {
        Weighting::Libketama => "libketama（C 语言版）",
        Weighting::JavaClient => "Java memcached 客户端",
    }
}

fn weighting_name(w: Weighting) -> &'static str {
    match w {
        Weighting::Libketama => "libketama",
        Weighting::JavaClient => "Java 客户端",
    }
}

fn weight_range() -> String {
    format!("权重须为 1 到 {} 之间的整数", int(MAX_WEIGHT))
}

fn vnode_range() -> String {
    format!("虚拟节点数须为 1 到 {} 之间的整数", int(MAX_VNODES))
}

fn key_count_range() -> String {
    format!("键的数量须为 {MIN_KEYS} 到 {} 之间的整数", int(MAX_KEYS))
}

fn param_range(what: Quantity, min: u32, max: u32) -> String {
    format!(
        "{}须为 {} 到 {} 之间的整数",
        quantity(what),
        int(min),
        int(max)
    )
}

fn epsilon_range() -> String {
    format!("ε 须为大于 0、不超过 {MAX_EPSILON} 的数")
}

fn fails(name: &str, held: u64, total: u64, owned: u64) -> String {
    format!(
        "{name} 宕机：{} 个键中有 {} 个在它上面有副本，其中 {} 个以它为归属节点",
        int(total),
        int(held),
        int(owned)
    )
}

fn r1_words(r1: f64) -> String {
    if r1.is_finite() {
        dec(r1, 2)
    } else {
        "无穷大（有节点一个键也没有）".to_string()
    }
}

fn pos(position: u64, fraction: f64) -> String {
    format!("{position}（环上 {} 处）", pct(fraction, 2))
}

fn names(list: &[String]) -> String {
    list.join("、")
}

/// 句子 `msg`。
pub fn text(msg: &Msg) -> Cow<'static, str> {
    let s = match msg {
        Msg::Ui(key) => return Cow::Borrowed(ui(*key)),
        Msg::Build(e) => build(e),
        Msg::Metrics(e) => metrics(e),
        Msg::Refusal(r) => refusal(r),
        Msg::CouldNotStart(e) => format!("Ringlab 无法启动：{}", build(e)),
        Msg::AlgoLabel(kind) => return Cow::Borrowed(algo(*kind)),
        Msg::AlgoAbout(kind) => return Cow::Borrowed(algo_about(*kind)),
        Msg::WeightMeaning(kind) => return Cow::Borrowed(weight_meaning(*kind)),
        Msg::HashAbout(hash) => return Cow::Borrowed(hash_about(*hash)),
        Msg::NamingLabel(n) => return Cow::Borrowed(naming(*n)),
        Msg::WeightingLabel(w) => return Cow::Borrowed(weighting(*w)),
        Msg::ViewLabel(v) => return Cow::Borrowed(view(*v)),

        Msg::WeightEmpty => format!("权重为空：{}", weight_range()),
        Msg::WeightTooLarge { weight } => {
            format!("权重 {} 太大了：{}", int(*weight), weight_range())
        }
        Msg::WeightNotWhole { text } => {
            format!("权重{}不是整数：{}", q(text), weight_range())
        }
        Msg::VnodesEmpty => format!("虚拟节点数为空：{}", vnode_range()),
        Msg::VnodesTooMany { vnodes } => {
            format!("{} 个虚拟节点太多了：{}", int(*vnodes), vnode_range())
        }
        Msg::VnodesNotWhole { text } => format!("{}不是整数：{}", q(text), vnode_range()),
        Msg::ParamOutOfRange {
            what,
            value,
            min,
            max,
        } => format!("{} 超出范围：{}", int(*value), param_range(*what, *min, *max)),
        Msg::ParamEmpty { what, min, max } => format!(
            "{}为空：{}",
            quantity(*what),
            param_range(*what, *min, *max)
        ),
        Msg::ParamNotWhole {
            what,
            text,
            min,
            max,
        } => format!("{}不是整数：{}", q(text), param_range(*what, *min, *max)),
        Msg::EpsilonNotNumber { text } => format!("{}不是数字：{}", q(text), epsilon_range()),
        Msg::EpsilonOutOfRange { text } => format!("{text} 超出范围：{}", epsilon_range()),
        Msg::ExplainTooLong { bytes, max } => format!(
            "这个键长 {} 字节：只能解释不超过 {} 字节的键",
            count(*bytes),
            count(*max)
        ),
        Msg::NoSuchStep { step } => {
            format!("没有第 {step} 步：导览只有第 1 到第 {STEP_COUNT} 步")
        }
        Msg::TourNoNode { name } => format!("导览中没有节点 {name}"),
        Msg::PasteNone => format!(
            "没有键：请粘贴 {MIN_KEYS} 到 {} 个键，每行一个",
            int(MAX_KEYS)
        ),
        Msg::PasteTooMany { count: n } => format!(
            "{} 个键太多了：请粘贴 {MIN_KEYS} 到 {} 个键，每行一个",
            count(*n),
            int(MAX_KEYS)
        ),
        Msg::PasteKeyTooLong { line, bytes } => format!(
            "第 {line} 个键长 {} 字节：每个键最多 {} 字节",
            count(*bytes),
            count(crate::model::keys::MAX_KEY_BYTES)
        ),
        Msg::KeyCountEmpty => format!("键的数量为空：{}", key_count_range()),
        Msg::KeyCountOutOfRange { count: n } => {
            format!("{} 个键超出范围：{}", int(*n), key_count_range())
        }
        Msg::KeyCountNotNumber { text } => {
            format!("{}不是数字：{}", q(text), key_count_range())
        }
        Msg::ViewFirstKeys { used, of } => format!(
            "为了让本视图即时响应，这些数字只统计前 {} 个键（共 {} 个）。",
            count(*used),
            count(*of)
        ),
        Msg::PlacingKeys { keys } => format!("正在放置 {} 个键…", count(*keys)),
        Msg::SeedNotWhole { text } => format!(
            "种子{}不是整数：种子须为 0 到 {} 之间的整数",
            q(text),
            u64::MAX
        ),

        Msg::Added { name } => format!("添加了 {name}"),
        Msg::Removed { name } => format!("移除了 {name}"),
        Msg::MarkedDown { name } => format!("{name} 宕机"),
        Msg::MarkedUp { name } => format!("{name} 恢复在线"),
        Msg::WeightSet { name, weight } => format!("{name} 的权重改为 {}", int(*weight)),
        Msg::VnodesSet {
            name,
            vnodes: Some(v),
        } => format!("{name} 改为 {} 个虚拟节点", int(*v)),
        Msg::VnodesSet { name, vnodes: None } => format!("{name} 改用默认的虚拟节点数"),
        Msg::DefaultVnodesSet { vnodes } => {
            format!("默认虚拟节点数改为 {}", int(*vnodes))
        }
        Msg::AlgorithmSet(kind) => format!("算法改为{}", qa(*kind)),
        Msg::HashSet(hash) => format!("哈希函数改为 {}", hash.name()),
        Msg::NamingSet(n) => format!("虚拟节点命名改为 {}", n.name()),
        Msg::WeightingSet(w) => format!("ketama 权重算法改为 {}", weighting_name(*w)),
        Msg::ReplicasSet { replicas } => {
            format!("go-zero 的虚拟节点数改为 {}", int(*replicas))
        }
        Msg::SlotsSet { slots } => format!("槽位表改为 {} 个槽位", int(*slots)),
        Msg::TableSizeSet { size } => format!("Maglev 查找表大小改为 {}", int(*size)),
        Msg::EpsilonSet { epsilon } => format!("ε 改为 {epsilon}"),

        Msg::Moved(summary) => moved(summary),

        Msg::StepHashRing {
            hash,
            key,
            position,
            fraction,
        } => format!(
            "{}({key:?}) = {position}，位于哈希环上 {} 处。",
            hash.name(),
            pct(*fraction, 1)
        ),
        Msg::StepWalk {
            distance,
            wrapped,
            replica,
            owner,
            position,
        } => format!(
            "沿顺时针走过环的 {}{}，到达位置不小于它的第一个点：{owner} 的第 {replica} 个点，位于 {position}。",
            pct(*distance, 2),
            if *wrapped { "（越过了环的起点）" } else { "" },
        ),
        Msg::StepOwner { name } => format!("归属节点：{name}。"),
        Msg::StepWalkPastFull { walk } => format!(
            "沿顺时针跳过已满的节点：{}（最后一个还有空位）。",
            walk.join(" → ")
        ),
        Msg::StepWalkFirst { point } => format!("沿顺时针走到第一个点：{point}。"),
        Msg::StepHash { hash, key, value } => format!("{}({key:?}) = {value}。", hash.name()),
        Msg::StepModulo {
            hash,
            buckets,
            bucket,
            name,
        } => format!("{hash} mod {buckets} = {bucket}：节点 {name}。"),
        Msg::StepTableEntry { entry, owner } => {
            format!("它落在查找表的第 {entry} 项，该项归 {owner}。")
        }
        Msg::StepJumpSeed { hash, key, seed } => format!(
            "{}({key:?}) = {seed}，作为跳跃一致性哈希循环的种子。",
            hash.name()
        ),
        Msg::StepJumpPath { path } => {
            let path: Vec<String> = path.iter().map(u32::to_string).collect();
            format!("循环依次落在这些桶上：{}。", path.join(" → "))
        }
        Msg::StepJumpOwner { bucket, name } => format!("归属：{bucket} 号桶，即 {name}。"),
        Msg::StepScores { scores } => {
            let list: Vec<String> = scores
                .iter()
                .map(|(name, s)| format!("{name} {}", dec(*s, 3)))
                .collect();
            format!("各节点得分：{}。", list.join("，"))
        }
        Msg::StepHighest { name } => format!("得分最高：{name}。"),

        Msg::TourTitle(step) => return Cow::Borrowed(tour(*step).0),
        Msg::TourCaption(step) => return Cow::Borrowed(tour(*step).1),
        Msg::FactChange { what, summary } => {
            format!("{}：{}。", text(what), moved(summary))
        }
        Msg::FactFlows { flows, more } => {
            let shown: Vec<String> = flows
                .iter()
                .map(|(from, to, keys)| format!("{from} → {to} {}", int(*keys)))
                .collect();
            let more = if *more > 0 {
                format!("，另有 {more} 路迁移")
            } else {
                String::new()
            };
            format!("键的迁移：{}{more}。", shown.join("，"))
        }
        Msg::FactShares { r1, r2, r3 } => format!(
            "哈希空间份额：R1 = {}，R2 = {}，R3 = {}。",
            r1_words(*r1),
            pct(*r2, 0),
            pct(*r3, 0)
        ),
        Msg::FactKeys { min, max, peak } => format!(
            "每个节点的键数：{} 到 {}；最忙的节点是平均值的 {} 倍。",
            int(*min),
            int(*max),
            dec(*peak, 2)
        ),
        Msg::FactPoints { points, nodes } => {
            format!("{} 个节点在环上共有 {} 个点。", nodes, count(*points))
        }
        Msg::FactPointsPerNode { list } => {
            let list: Vec<String> = list.iter().map(|(n, c)| format!("{n} {c}")).collect();
            format!("各节点的点数：{}。", list.join("，"))
        }
        Msg::FactMemory { bytes } => format!("查找结构占用 {} 字节。", int(*bytes)),
        Msg::FactChordHash {
            key,
            position,
            owner,
        } => format!("{} 的哈希值是 {position}；它的归属节点是 {owner}。", q(key)),
        Msg::FactChordLookup {
            start,
            path,
            nodes,
            log2,
        } => format!(
            "从 {start} 开始查找：{}（{} 跳；log2 {nodes} = {}）。",
            path.join(" → "),
            path.len().saturating_sub(1),
            dec(*log2, 2)
        ),
        Msg::FactStored { key, on, replicas } => {
            format!("{} 存放在 {} 上（R = {replicas}）。", q(key), names(on))
        }
        Msg::FactWithFailure { on } => format!("宕机之后，它存放在 {} 上。", names(on)),
        Msg::FactFails {
            name,
            held,
            total,
            owned,
            recopied,
            lost,
        } => format!(
            "{}；这些键由下一个副本接手，{} 个键获得新副本，{} 个键丢失了全部副本。",
            fails(name, *held, *total, *owned),
            int(*recopied),
            int(*lost)
        ),
        Msg::FactPassedOn { passed, total } => format!(
            "{} 个键中有 {} 个发现第一个节点已满，被顺时针转交给了后面的节点。",
            int(*total),
            int(*passed)
        ),
        Msg::FactSlotDrop { leaver, summary } => {
            format!("按文章的做法删除 {leaver}：{}。", moved(summary))
        }
        Msg::FactSlotDeal {
            slots,
            rest,
            summary,
        } => format!(
            "把 {} 个槽位重新分给其余 {rest} 个节点：{}。",
            int(*slots),
            moved(summary)
        ),

        Msg::CompareTooMany { max, kind } => format!(
            "最多对比 {max} 种算法：要加入{}，请先取消勾选一种",
            qa(*kind)
        ),
        Msg::CompareTooFew { min, kind } => format!(
            "至少对比 {min} 种算法：要去掉{}，请先勾选另一种",
            qa(*kind)
        ),
        Msg::CompareAdd { name } => format!("添加 {name}"),
        Msg::CompareRemove { name } => format!("移除 {name}"),
        Msg::CompareAddButton { name } => format!("添加节点（{name}）"),
        Msg::CompareRemoveButton { name } => format!("移除最后一个节点（{name}）"),
        Msg::CompareHint { up, keys } => format!(
            "实验室中在线的 {up} 个节点和 {} 个键，分别用每种算法放置，再施加同样的变化。节点和键在“探索”视图中编辑。",
            count(*keys)
        ),
        Msg::CompareAlgos { min, max } => format!("算法（{min} 到 {max} 种）"),
        Msg::CompareColumn { kind, nodes } => {
            format!("{}：{nodes} 个节点；迁移的键带圆圈。", algo(*kind))
        }
        Msg::CompareSummary { what } => format!("汇总：{}", text(what)),

        Msg::ChordKeyTooLong { bytes, max } => format!(
            "这个键长 {} 字节：只能查找不超过 {} 字节的键",
            count(*bytes),
            count(*max)
        ),
        Msg::ChordNodesUp { count } => format!("{count} 个节点在线。"),
        Msg::ChordAdd { name } => format!("添加 {name}"),
        Msg::ChordLabel {
            nodes,
            key,
            start,
            path,
        } => format!(
            "{nodes} 个节点的 Chord 环。从 {start} 查找 {} 的路径：{}。",
            q(key),
            path.join(" → ")
        ),
        Msg::ChordHops { hops, nodes, log2 } => {
            format!("{hops} 跳；log2 {nodes} = {}", dec(*log2, 2))
        }
        Msg::ChordKeyLine {
            key,
            position,
            fraction,
            owner,
            within,
            bound,
        } => format!(
            "{} 的哈希值是 {position}（环上 {} 处）；它的归属节点是 {owner}。{}",
            q(key),
            pct(*fraction, 1),
            if *within {
                format!("没有超过 ⌈log2 n⌉ + 1 = {bound} 跳。")
            } else {
                format!("超过了 ⌈log2 n⌉ + 1 = {bound} 跳。")
            }
        ),
        Msg::ChordNoHop { name } => format!("{name} 自己就是这个键的归属节点：不用跳。"),
        Msg::ChordHop { from, to, finger } => {
            if *finger == 0 {
                format!("{from} → {to}（第 0 个指针，即它的后继，该键的归属节点）")
            } else {
                format!("{from} → {to}（第 {finger} 个指针，前方 2^{finger} 处）")
            }
        }
        Msg::ChordShadowed { names: list } => format!(
            "未画在环上（与另一个节点位置相同）：{}。",
            names(list)
        ),
        Msg::FingerCaption { bits } => format!(
            "指针表（每个节点 {bits} 个指针；指向同一节点的连续指针合并显示）"
        ),
        Msg::ChordKeyMark { key } => format!("键 {key}"),

        Msg::ReplicasNotWhole { text, nodes } => format!(
            "R = {}不是整数：R 须为 1 到 {nodes} 之间的整数",
            q(text)
        ),
        Msg::ReplicationKeyTooLong { bytes, max } => format!(
            "这个键长 {} 字节：请输入不超过 {} 字节的键",
            count(*bytes),
            count(*max)
        ),
        Msg::ReplicasLabel { nodes } => format!("副本数 R（1 到 {nodes}）"),
        Msg::NotARing { kind } => format!(
            "{}没有可以沿着走的哈希环：偏好列表是环上顺时针方向接下来的几个节点。",
            qa(*kind)
        ),
        Msg::ReplicasPicture {
            key,
            replicas,
            failed,
        } => format!(
            "哈希环；{} 的副本从它的位置起按顺时针编号为 1 到 {replicas}{}。",
            q(key),
            if *failed {
                "；宕机节点的点被划掉，+ 标出收到新副本的节点"
            } else {
                ""
            }
        ),
        Msg::ReplicationFails {
            name,
            held,
            total,
            owned,
            recopied,
            lost,
        } => format!(
            "{}。这些键由下一个副本接手；{} 个键在顺时针方向的下一个节点上获得新副本。丢失全部副本的键：{}。",
            fails(name, *held, *total, *owned),
            int(*recopied),
            int(*lost)
        ),
        Msg::ReplicationNoFailure { replicas, nodes } => format!(
            "R = {replicas}：每个键存放在 {nodes} 个节点中的 {replicas} 个上。选择一个宕机的节点，看看由谁接手。"
        ),
        Msg::AfterFailure { on } => format!("宕机之后：{}。", names(on)),

        Msg::ListOutOfRange { what, value, max } => {
            format!("{} 超出范围：{}", int(*value), list_range(*what, *max))
        }
        Msg::ListNotWhole { what, text, max } => {
            format!("{}不是整数：{}", q(text), list_range(*what, *max))
        }
        Msg::ListEmptyRange {
            what,
            from,
            to,
            max,
        } => format!("范围 {from}..{to} 是空的：{}", list_range(*what, *max)),
        Msg::ListRunaway { what } => format!(
            "{}太多了：最多 {} 个",
            list_kind(*what),
            crate::model::paper::MAX_LIST
        ),
        Msg::ListStepAlone { what, max } => format!(
            "步长只能跟在范围后面，例如 10..100/10：{}",
            list_range(*what, *max)
        ),
        Msg::ListEmpty { what, max } => format!("列表是空的：{}", list_range(*what, *max)),
        Msg::ListTooMany { what, count } => format!(
            "{count} 个{}太多了：最多 {} 个",
            list_kind(*what),
            crate::model::paper::MAX_LIST
        ),
        Msg::PaperBudget { work, max } => format!(
            "这张表格要构建 {} 个点：页面最多计算 {} 个 —— 请减少行列数或减小节点数、虚拟节点数（命令行的 ringlab balance 没有这个限制）",
            int(*work),
            int(*max)
        ),
        Msg::PaperGroupOnePoint => "每个节点 1 个点".to_string(),
        Msg::PaperGroupOneVnode => "1 个虚拟节点".to_string(),
        Msg::PaperGroupVnodes { vnodes } => format!("{} 个虚拟节点", int(*vnodes)),
        Msg::PaperHint { kind, max_points } => {
            let naming = match kind {
                AlgoKind::Virtual => "；节点 i 的第 j 个虚拟节点命名为 192.168.1.i#j，1 个虚拟节点即基本的哈希环，点位于 192.168.1.i 的哈希值处",
                AlgoKind::Bounded => "；节点 i 的第 j 个虚拟节点命名为 192.168.1.i#j",
                _ => "",
            };
            format!(
                "节点为 192.168.1.1 … 192.168.1.n{naming}。每个单元格都是 ring-core 构建的一次放置；R1 是哈希空间最大份额与最小份额之比，R2 和 R3 是份额与平均值相差 10% 和 2% 以内的节点比例。单元格在帧与帧之间逐个计算，一张表格最多构建 {} 个点。",
                int(*max_points)
            )
        }
        Msg::PaperHashFixed { kind, hash } => {
            format!("{}固定使用 {}。", qa(*kind), hash.name())
        }
        Msg::PaperNoVnodes { kind } => {
            format!("{}没有虚拟节点：每组列都一样。", qa(*kind))
        }
        Msg::PaperComputing {
            done,
            total,
            points,
        } => format!(
            "计算中：{done} / {total} 个单元格（共 {} 个点）……",
            int(*points)
        ),
        Msg::PaperDone { total, points } => format!(
            "全部 {total} 个单元格已算完（共 {} 个点）。在命令行上得到同一张表格：",
            int(*points)
        ),
        Msg::PaperCaption { kind, hash } => {
            format!("R1、R2、R3：{}（{}）", algo(*kind), hash.name())
        }
        Msg::NodesCount { nodes } => format!("{nodes} 个节点"),

        Msg::NodesTitle { up, total } => format!("节点（{total} 个中 {up} 个在线）"),
        Msg::NodeWeightOf { name } => format!("{name} 的权重"),
        Msg::NodeVnodesOf { name } => format!("{name} 的虚拟节点数（留空则用默认值）"),
        Msg::MarkUp { name } => format!("让 {name} 恢复在线"),
        Msg::MarkDown { name } => format!("让 {name} 宕机"),
        Msg::RemoveNamed { name } => format!("移除 {name}"),
        Msg::NodesHintVnodes { kind, default } => format!(
            "权重：{}。虚拟节点数：留空则用默认值（{default}）。{}",
            weight_meaning(*kind),
            ui(Ui::NodesApplyHint)
        ),
        Msg::NodesHintNoVnodes { kind } => format!(
            "权重：{}。{}没有按节点设置的虚拟节点数。{}",
            weight_meaning(*kind),
            qa(*kind),
            ui(Ui::NodesApplyHint)
        ),
        Msg::NodesHintIgnored { kind } => format!(
            "{}不考虑权重和虚拟节点数。{}",
            qa(*kind),
            ui(Ui::NodesApplyHint)
        ),
        Msg::HashFixed { kind, hash } => format!(
            "{}固定使用 {}（{}）。",
            qa(*kind),
            hash.name(),
            hash_about(*hash)
        ),
        Msg::HashRange { hash } => format!(
            "{}：取值 0 到 {}−1。",
            hash_about(*hash),
            power_of_two(hash.bits())
        ),
        Msg::KeysGenerated { count, seed } => {
            format!("当前使用：{} 个生成的键，种子 {seed}。", int(*count))
        }
        Msg::KeysPasted { count: n } => format!("当前使用：{} 个粘贴的键。", count(*n)),
        Msg::KeyCountHint => format!(
            "{MIN_KEYS} 到 {} 个形如 user:123:abc 的键，种子相同则键相同。",
            int(MAX_KEYS)
        ),
        Msg::FlowKeys { keys } => format!("{} 个键", int(*keys)),
        Msg::FlowsMore { more, keys } => {
            format!("另有 {more} 路较小的迁移，共 {} 个键", int(*keys))
        }
        Msg::SampleSome { shown, total } => format!(
            "图上用点画出 {} 个键中的 {} 个；所有计数都涵盖全部键。",
            count(*total),
            count(*shown)
        ),
        Msg::SampleAll { shown } => format!("图上用点画出了全部 {} 个键。", count(*shown)),
        Msg::LoadsCaption { total } => format!(
            "各节点的键数（共 {} 个键；虚线：平均值；色带：±10%）",
            count(*total)
        ),
        Msg::PictureRing {
            kind,
            points,
            bits,
            hash,
        } => format!(
            "{}：{} 个位置的哈希环上共 {} 个点（{}）。",
            algo(*kind),
            power_of_two(*bits),
            count(*points),
            hash.name()
        ),
        Msg::PictureBuckets { kind, count, hash } => {
            format!("{}：{count} 个编号的桶（{}）。", algo(*kind), hash.name())
        }
        Msg::PictureTable {
            kind,
            entries,
            hash,
        } => format!(
            "{}：{} 个表项的查找表，按归属节点着色（{}）。",
            algo(*kind),
            count(*entries),
            hash.name()
        ),
        Msg::PictureScores { kind, key, hash } => format!(
            "{}：每个节点给 {} 打的分，分数最高者得（{}）。",
            algo(*kind),
            q(key),
            hash.name()
        ),
        Msg::PictureLabel { caption, ring } => format!(
            "{}键画成点，按归属节点着色。方向键：左右键逐个浏览{}，上下键逐个浏览键。",
            text(caption),
            if *ring { "环上的点" } else { "节点" }
        ),

        Msg::HoverKey {
            key,
            position,
            fraction,
            owner,
            from,
        } => format!(
            "键 {}：哈希值 {}，归属 {owner}{}。",
            q(key),
            pos(*position, *fraction),
            from.as_ref()
                .map_or_else(String::new, |f| format!("（从 {f} 迁来）"))
        ),
        Msg::HoverPoint {
            replica,
            node,
            vnode,
            position,
            fraction,
            arc,
        } => format!(
            "{node} 的第 {replica} 个点{}，位于 {}；它负责的弧占环的 {}。",
            vnode
                .as_ref()
                .map_or_else(String::new, |v| format!("（虚拟节点 {}）", q(v))),
            pos(*position, *fraction),
            pct(*arc, 2)
        ),
        Msg::HoverArc {
            from,
            to,
            arc,
            node,
            replica,
            share,
        } => format!(
            "从 {from} 到 {to} 的弧：占环的 {}，归 {node}（第 {replica} 个点）。{node} 总共拥有环的 {}。",
            pct(*arc, 2),
            pct(*share, 1)
        ),
        Msg::HoverEntry {
            first,
            total,
            owner,
        } => format!("第 {first} 项（共 {total} 项）：归 {owner}。"),
        Msg::HoverEntries {
            first,
            last,
            total,
            owner,
        } => format!("第 {first} 到第 {last} 项（共 {total} 项）：第一项归 {owner}。"),
        Msg::HoverColumn {
            bucket,
            node,
            keys,
            fraction,
            share,
        } => format!(
            "{}{node}：{} 个键（{}），哈希空间的 {}。",
            bucket.map_or_else(String::new, |b| format!("{b} 号桶，")),
            int(*keys),
            pct(*fraction, 1),
            pct(*share, 1)
        ),

        Msg::ShareKeysNote { count: n } => format!(
            "你粘贴的 {} 个键太多，链接放不下：链接里只记下数量，打开时改用生成的键。",
            count(*n)
        ),
        Msg::Saved { name } => format!("已保存 {name}。"),
        Msg::CouldNotSave { name, why } => format!("无法保存 {name}：{}。", text(why)),

        Msg::TourPicture { step, nodes, keys } => format!(
            "第 {step} 步的图：{nodes} 个节点，{} 个键按归属节点着色。",
            count(*keys)
        ),
        Msg::TourShares { step } => format!(
            "第 {step} 步中各节点的哈希空间份额；虚线：平均值；色带：±10%。"
        ),
        Msg::TourChord {
            nodes,
            key,
            start,
            hops,
            owner,
        } => format!(
            "{nodes} 个节点的 Chord 环；从 {start} 查找 {} 经过 {hops} 跳到达 {owner}。",
            q(key)
        ),
        Msg::TourReplicas { key } => format!(
            "{} 的副本从它的位置起按顺时针编号；宕机节点的点被划掉。",
            q(key)
        ),
        Msg::TourProgress { step, count } => format!("第 {step} 步，共 {count} 步"),

        Msg::LinkTooLong { bytes } => format!(
            "地址长 {} 字节，超过了读取上限 {}：已忽略",
            count(*bytes),
            count(MAX_QUERY_BYTES)
        ),
        Msg::LinkUnknown { name } => format!("未知参数 {name}：已忽略"),
        Msg::LinkRepeated { name } => format!("{name} 出现了不止一次：只用第一个"),
        Msg::LinkIgnored { param, why } => format!("{param}：{}：已忽略", text(why)),
        Msg::LinkNotPrime { size } => format!(
            "table：{} 不是素数，Maglev 查找表大小须为 2 到 {} 之间的素数：已忽略",
            int(*size),
            int(MAX_TABLE_SIZE)
        ),
        Msg::LinkOmitted { count } => format!(
            "生成这个链接时粘贴了 {} 个键，太多了带不过来：改用 {} 个生成的键",
            int(*count),
            int(crate::model::url::DEFAULT_KEYS)
        ),
        Msg::LinkNotBuilt { why } => format!(
            "无法构建它描述的集群（{}）：改为显示最初的示例",
            text(why)
        ),
        Msg::NotOneOf { what, text, all } => choice(*what, text, all),
        Msg::NotWhole {
            what,
            text,
            min,
            max,
        } => format!("{text} 不是整数：{}", param_range(*what, *min, *max)),
        Msg::OutOfRange {
            what,
            text,
            min,
            max,
        } => format!("{text} 超出范围：{}", param_range(*what, *min, *max)),
        Msg::MoreNodes { max } => format!("节点超过 {} 个", count(*max)),
        Msg::NodeProblem { index, why } => format!("第 {index} 个节点：{}", text(why)),
        Msg::NoWeight { name } => format!("{name} 没有权重（应写成 名称:权重）"),
        Msg::BadFlag { flag } => {
            format!("{flag} 不是 vN、cN 或 down（每种最多出现一次）")
        }
        Msg::SlotmapLength { has, slots } => {
            format!("它有 {} 个槽位，而槽位表有 {}", count(*has), int(*slots))
        }
        Msg::SlotmapOwner { owner } => format!("槽位的归属 {owner} 不是在线的节点"),
        Msg::SlotNotWhole { text } => format!("{text} 不是整数"),
        Msg::SlotTooLarge { text } => format!("{text} 太大了"),
        Msg::SlotmapTooLong { max } => format!("它覆盖的槽位超过 {} 个", int(*max)),
        Msg::BadEscape { text } => format!("{text} 不是百分号转义（% 加两位十六进制数）"),
        Msg::StoredVersion { found, reads } => {
            format!("它以 {found} 格式保存，而本页面读取的是 {reads}")
        }
    };
    Cow::Owned(s)
}

/// 导览第 `step` 步（从 1 开始）的标题和说明。
fn tour(step: u32) -> (&'static str, &'static str) {
    step.checked_sub(1)
        .and_then(|i| TOUR.get(i as usize))
        .copied()
        .unwrap_or(("", ""))
}

const TOUR: [(&str, &str); STEP_COUNT as usize] = [
    (
        "先哈希，再取模",
        "文章 000 从分表讲起：订单表拆成 10 张表，用 hash(user_id) % size 决定某个用户的订单落在哪张表；缓存集群也用同样的办法，以 hash(key) % N 选出服务器。下图中，2,000 个键按 MD5 哈希值对 4 取模，分到 4 台缓存上：每一列是一台缓存，每个点是一个键。分布很均匀，一次查找只要一次哈希加一次除法。",
    ),
    (
        "加一台服务器，缓存全部失效",
        "加一台服务器，规则就变成 hash(key) % (size + 1)：文章 000 指出，这会让缓存中的数据几乎全部失效，请求无法命中，全部直接冲击数据库。文章 002 用 2、3、4、5 四个数字演示：先模 2 分到 2 个桶，再模 3 分到 3 个桶，每个数字所在的桶都变了。这里加入第五台缓存；其实新节点只需要接手 1/5 的键。",
    ),
    (
        "哈希环与顺时针规则",
        "文章 001、003 和 004 把服务器和键都哈希到同一个有 2^32 个位置的圆环上；键从自己的位置出发，沿顺时针方向遇到的第一台服务器就是它的归属，所以每台服务器负责以它的点为终点的那一段弧。文章 000 的正文把规则说反了（取不大于键哈希值的最大服务器哈希值），但它的 Java 代码 TreeMap.tailMap(hash) 和其他文章一样是顺时针查找。图中深色路径就是一个键的查找过程。",
    ),
    (
        "一台服务器宕机",
        "文章 000：如果节点 2 宕机，只有节点 2 的数据会迁移，迁到顺时针方向的下一个节点 3，其他节点不受影响。文章 001 说移除服务器时也是如此。这里让 cache-b 宕机：迁移的恰好是它的键，而且全部迁到同一个节点上；取模时，每两个节点之间都有键在迁移。",
    ),
    (
        "一台服务器加入",
        "文章 003：新节点加入时，只有它的点与逆时针方向上前一个点之间的键会被重新映射，而且全部映射到新节点上，其余的键原地不动。文章 002 由此得出实践上的结论：新机器只需先从它后面那台机器拷贝数据，就可以开始提供服务。",
    ),
    (
        "点太少，弧长不均（R1）",
        "每台服务器只有一个点时，各段弧长就像随机的间隔一样参差不齐，造成数据倾斜。文章 003 用 R1 衡量这种不均：哈希环上最大份额与最小份额之比；再用 R2、R3 表示份额与平均值相差 10%、2% 以内的节点比例。它发现 30 个节点时 R1 超过 100，节点间负载相差上百倍。这里是 10 个节点 192.168.1.1 到 192.168.1.10，和论文一样用 MD5 哈希。",
    ),
    (
        "虚拟节点",
        "各篇文章给出的办法都是虚拟节点：每台服务器用 192.168.1.100#1（文章 003）或 10.24.23.227#1（文章 001）这样的名字哈希很多次，键顺时针找到某个虚拟节点，就归属于它背后的真实服务器。文章 003 报告：30 台服务器各配 30 个虚拟节点时，R1 降到了 2 以下。这里还是上一步的 10 台服务器，每台 30 个点。",
    ),
    (
        "一百个虚拟节点",
        "文章 003 说每台服务器配 100 个虚拟节点是常用配置，但仍不完全均衡：超过 30 台服务器时 R1 超过 1.5、R2 低于 0.7，也就是说最忙节点的份额是最闲节点的 1.5 倍，超过 30% 的节点偏离平均值 10% 以上。这里是 30 台服务器，每台 100 个点；“论文”视图会算出整张表格。",
    ),
    (
        "权重",
        "机器的配置各不相同，所以文章 004 允许节点带着权重加入：它的虚拟节点数变成 replicas × weight / 100，点越多，分到的环就越大。这里把 cache-b 的权重从 100 调到 200，它的点数翻倍；所有迁移的键都迁到了 cache-b 上。",
    ),
    (
        "ketama：memcached 客户端的做法",
        "文章里的哈希环，正是 memcached 客户端早就在用的 ketama：对 \"server-i\" 做 MD5，每个 16 字节的摘要切成四个 32 位的点；权重相同时每台服务器 40 个摘要、160 个点，否则按内存大小成比例分配。这里是 libketama 自带测试里的八台服务器和权重，一共 1,264 个点。键取其 MD5 的前 4 个字节作为哈希值，再顺时针查找。",
    ),
    (
        "固定的 1024 个槽位",
        "文章 001 事先把环固定下来：1024 个虚拟槽位，槽位 i 属于 node_(i % 8)，键落在 (hashCode & 0x7FFFFFFF) % 1024 号槽位上——一次除法，无需查找。它的 dropNode 删掉一个节点的槽位，让 ceilingEntry 找到下一个剩余的槽位，于是只有这个节点的键会迁移；要是把 1024 个槽位重新分给剩下的 7 个节点，大部分键都会迁移，和取模一样。",
    ),
    (
        "Chord：O(log n) 跳找到归属节点",
        "文章 002 指出，沿着环一个节点一个节点地找，k 个节点要花 O(k)，并提到 2001 年几种 DHT（CAN、Chord、Tapestry、Pastry）所用的跳转表：每个节点记下它前方 1、2、4……处的点归谁所有。Chord 把查询转发给不越过目标键的最远指针，每一跳至少把剩余距离减半，所以一次查找只需 O(log n) 跳。下图是 16 个节点（位置为其名字的 MD5 值）、起始节点的指针表，以及一次查找经过的每一跳。",
    ),
    (
        "复制到后继节点",
        "文章 002 建议每台机器再保存一份前一台机器的数据，这样一台机器下线也不会丢数据。推而广之，一个键存放在它的归属节点以及顺时针方向接下来 R − 1 个不同的节点上，这就是它的偏好列表。这里 R = 3：cache-b 宕机时，已经持有数据的下一个副本接手它的键，顺时针再往后的一个节点收到一份新副本。",
    ),
    (
        "跳跃一致性哈希",
        "文章 003 还研究了 Google 的跳跃一致性哈希（Lamping 与 Veach，2014）：没有环，也没有表，只用一小段乘法循环，把 64 位的键变成 0 到 n − 1 之间的桶号。增加第 n 号桶时，迁移的恰好是理想的 1/(n + 1) 的键，而且全部迁到新桶上，内存里什么也不用存。代价是：桶按编号排列，只有最后一个桶能离开。",
    ),
    (
        "Maglev",
        "Maglev 是 Google 的负载均衡器，也是文章 003 讨论的算法之一。它填充一张大小为素数 M 的查找表：每个节点按自己的排列遍历表项，各节点轮流认领空闲的表项，于是每个节点大约拥有 M/n 项。查找只需一次哈希加一次查表。加入节点时迁移的键比理想值略多，因为也有少数表项在原有节点之间易手。",
    ),
    (
        "负载有界",
        "负载有界一致性哈希是文章 003 列出的最后一种算法（Mirrokni、Thorup 与 Zadimoghaddam），它给每个节点设定 ⌈(1 + ε) × 平均值⌉ 个键的上限：键的节点满了，就继续顺时针走到下一个还有空位的节点。ε = 0.25 时，无论弧长多不均匀，任何节点承载的键都不超过平均值的 1.25 倍。",
    ),
    (
        "go-zero 的哈希环",
        "文章 004 解读了 go-zero 的 core/hash：对“节点名 + 副本编号”做 MurmurHash3，默认 100 个虚拟节点（少于 100 的按 100 计），权重按 replicas × weight / 100 缩放虚拟节点数，但不会超过 replicas。两个节点撞到同一个点时两者都保留，落在这个点上的键再对 \"16777619:\" + key 做一次哈希来决定归属。下图中 localhost:3 的权重为 50，localhost:4 的权重为 200——但也只有 100 个点。",
    ),
];
