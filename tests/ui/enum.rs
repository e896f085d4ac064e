#[derive(serde_fastkit::FastFlatten)]
enum Shape {
    Circle { radius: f64 },
}

fn main() {}
