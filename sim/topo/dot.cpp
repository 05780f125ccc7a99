#include <boost/graph/graphviz.hpp>

#include "topo/topo_matrix.hpp"

namespace simtrain::topo {

void write_dot(const Cluster& c, std::ostream& out) {
  const Graph& g = c.graph();
  auto vertex_writer = [&](std::ostream& o, Vertex v) {
    const Device& d = g[v];
    const char* shape = d.type == DeviceType::gpu       ? "box"
                        : d.type == DeviceType::cpu     ? "house"
                        : d.type == DeviceType::nic     ? "cds"
                        : d.type == DeviceType::storage ? "cylinder"
                                                        : "ellipse";
    o << "[label=\"" << d.name << "\\n" << d.model << "\", shape=" << shape << "]";
  };
  auto edge_writer = [&](std::ostream& o, const Graph::edge_descriptor& e) {
    const Link& l = g[e];
    const char* color = l.cls == LinkClass::nvlink            ? "green4"
                        : l.cls == LinkClass::infinity_fabric ? "darkorange"
                        : l.cls == LinkClass::pcie    ? "blue"
                        : l.cls == LinkClass::network ? "red"
                                                      : "gray40";
    o << "[label=\"" << l.kind << (l.count > 1 ? " x" + std::to_string(l.count) : std::string())
      << "\", color=" << color << "]";
  };
  auto graph_writer = [&](std::ostream& o) {
    o << "label=\"" << c.name() << (c.nodes() > 1 ? " x" + std::to_string(c.nodes()) + " nodes" : "")
      << "\";\n";
  };
  boost::write_graphviz(out, g, vertex_writer, edge_writer, graph_writer);
}

}  // namespace simtrain::topo
