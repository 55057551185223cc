//! Compiles the C++ ports with the references' own optimisation, `-O3`.
fn main() {
    println!("cargo:rerun-if-changed=cpp/references.cpp");
    cc::Build::new()
        .cpp(true)
        .file("cpp/references.cpp")
        .flag_if_supported("-std=c++17")
        .opt_level(3)
        .compile("references");
}
