// The tail of every transition's fragment stage: one call of the body's transition(uv).
void main() {
    gl_FragColor = transition(glfun_uv);
}
