import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { visit } from '../content';
import { SectionHeader } from './SectionHeader';

export function VisitUs() {
  return (
    <section className="section section-alt" id={visit.section.id}>
      <div className="container">
        <SectionHeader section={visit.section} />
        <div className="visit-grid">
          <div className="card visit-card">
            <h3>
              <Clock size={20} aria-hidden="true" /> Opening hours
            </h3>
            <table className="hours">
              <tbody>
                {visit.hours.map((row) => (
                  <tr key={row.days}>
                    <th scope="row">{row.days}</th>
                    <td>{row.time}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="muted small">{visit.note}</p>
          </div>
          <div className="card visit-card">
            <h3>
              <MapPin size={20} aria-hidden="true" /> Find us
            </h3>
            <address>
              {visit.address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
            <p>
              <Phone size={16} aria-hidden="true" /> <a href={'tel:' + visit.phone.replace(/[^0-9+]/g, '')}>{visit.phone}</a>
            </p>
            <p>
              <Mail size={16} aria-hidden="true" /> <a href={'mailto:' + visit.email}>{visit.email}</a>
            </p>
          </div>
          <div className="map-card" role="img" aria-label={'Map showing ' + visit.address.join(', ')}>
            <span className="map-pin">
              <MapPin size={28} aria-hidden="true" />
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
